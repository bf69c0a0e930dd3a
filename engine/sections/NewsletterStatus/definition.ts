import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('newsletterStatus', {
  interactive: true,
  words: ['auth', 'forms', 'layout', 'newsletterPage'],
  // Its heading is one of its three titles, drawn from its data.
  titlesPage: true,
});
