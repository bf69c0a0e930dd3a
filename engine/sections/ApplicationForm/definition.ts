import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('applicationForm', {
  // Every Apply that takes applications on the site leads to the first page holding the form.
  landmark: 'apply',
  // Its words travel with its page only; and, for a role that is not open to her, the way to the finder filtered by
  // her year of study and degree.
  derive: (_section, _page, index, { model }) => ({
    words: { applications: model.site.ui.applications },
    ...(index.finder ? { finder: index.finder } : {}),
  }),
});
