import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('verifyForm', {
  interactive: true,
  words: ['layout', 'verify'],
  pageKind: 'certificate',
});
