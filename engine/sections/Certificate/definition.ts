import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('certificate', {
  interactive: true,
  words: ['certificate', 'certificatePage', 'layout', 'share', 'verify'],
  pageKind: 'certificate',
  // Its page is rendered per request, with the certificate the address names.
  preloads: ['certificate'],
});
