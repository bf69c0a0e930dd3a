import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('searchResults', {
  interactive: true,
  words: ['layout', 'search'],
  landmark: 'search',
});
