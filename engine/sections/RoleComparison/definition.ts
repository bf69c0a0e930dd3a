import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('roleComparison', {
  interactive: true,
  words: ['compare', 'course', 'finder', 'layout', 'roleSelector', 'share'],
  pageKind: 'internship',

  // The finder's Compare ticks lead here.
  index(_section, page, index) {
    index.comparePath ??= page.path;
  },

  // Every role of every stream, with its skills: any two or three of them may be named in the address.
  derive: (_section, _page, index) => ({
    internshipRoles: index.internshipRoles,
    ...(index.finder ? { finder: index.finder } : {}),
  }),
});
