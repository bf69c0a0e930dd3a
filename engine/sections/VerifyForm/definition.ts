import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('verifyForm', {
  pageKind: 'certificate',
});
