import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('enrollPrograms', {
  // Without a list of ids it shows every program.
  needs: (section) => (section.programIds ? [] : ['enrollPrograms']),
  pageKind: 'internship',
});
