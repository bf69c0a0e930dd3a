import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('enrollPrograms', {
  // The seats left on each card are islands; the cards are drawn once, by the server.
  islands: { SeatsLeft: { words: ['programs'] } },
  // Without a list of ids it shows every program.
  needs: (section) => (section.programIds ? [] : ['enrollPrograms']),
  pageKind: 'internship',
});
