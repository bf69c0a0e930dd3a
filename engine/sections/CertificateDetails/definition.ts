import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('certificateDetails', {
  pageKind: 'certificate',
});
