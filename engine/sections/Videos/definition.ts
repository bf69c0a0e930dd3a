import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('videos', {
  interactive: true,
  words: ['media'],
});
