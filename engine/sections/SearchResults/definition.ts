import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('searchResults', {
  landmark: 'search',
});
