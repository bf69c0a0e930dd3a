import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('slider', {
  interactive: true,
  words: ['layout', 'media'],
});
