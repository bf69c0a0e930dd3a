import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('thankYou', {
  interactive: true,
  words: ['layout', 'thankYou'],
  titlesPage: true,
});
