import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('internshipFinder', {
  derive: (_section, _page, index) => ({ internshipRoles: index.internshipRoles }),
  pageKind: 'internship',
});
