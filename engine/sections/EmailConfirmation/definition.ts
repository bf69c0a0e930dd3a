import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('emailConfirmation', {
  // Its heading is its title, drawn from its data.
  titlesPage: true,
});
