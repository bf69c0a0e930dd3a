import { addApplyable, openingApplyable } from '../../content/applyables.ts';
import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('jobOpenings', {
  // Without a list of ids it shows every opening.
  needs: (section) => (section.openingIds ? [] : ['jobOpenings']),
  derive: (_section, _page, index) => ({ openingPaths: index.openingPaths }),
  // Every opening it lists is a thing to apply for, even one without a page of its own (one with a page is there).
  index(_section, page, index, { model }) {
    for (const opening of Object.values(page.entities.jobOpenings ?? {})) {
      if (!index.applyables.some((a) => a.kind === 'opening' && a.id === opening.id))
        addApplyable(index, openingApplyable(opening, index.openingPaths[opening.id] ?? page.path, model));
    }
  },
  pageKind: 'job',
});
