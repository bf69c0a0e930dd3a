import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('emailConfirmation', {
  interactive: true,
  words: ['auth', 'emailConfirmPage', 'forms', 'layout'],
  // Its heading is its title, drawn from its data.
  titlesPage: true,
});
