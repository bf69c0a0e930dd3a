import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('thankYou', {
  titlesPage: true,
});
