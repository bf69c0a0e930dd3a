import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('newsletterStatus', {
  // Its heading is one of its three titles, drawn from its data.
  titlesPage: true,
});
