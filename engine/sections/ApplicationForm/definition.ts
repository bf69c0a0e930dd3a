import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('applicationForm', {
  // Every Apply that takes applications on the site leads to the first page holding the form.
  landmark: 'apply',
  interactive: true,
  words: ['applications', 'auth', 'finder', 'forms', 'layout'],
  // For a role that is not open to her, the way to the finder filtered by her year of study and degree.
  derive: (_section, _page, index) => (index.finder ? { finder: index.finder } : {}),
});
