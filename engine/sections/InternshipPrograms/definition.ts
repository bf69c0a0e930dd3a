import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('internshipPrograms', {
  // Without a list of ids it shows every program.
  needs: (section) => (section.programIds ? [] : ['internshipPrograms']),
  pageKind: 'internship',
});
