import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('certificateDetails', {
  interactive: true,
  words: ['certificate', 'layout', 'verify'],
  pageKind: 'certificate',
});
