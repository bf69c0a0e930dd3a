import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('jobOpenings', {
  // Without a list of ids it shows every opening.
  needs: (section) => (section.openingIds ? [] : ['jobOpenings']),
  derive: (_section, _page, index) => ({ openingPaths: index.openingPaths }),
  pageKind: 'job',
});
