import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('testimonialSlider', {
  interactive: true,
  words: ['media'],
});
