import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('contactForm', {
  interactive: true,
  words: ['contactForm', 'forms', 'layout'],
});
