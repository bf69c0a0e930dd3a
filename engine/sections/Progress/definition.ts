import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('progress', {
  // With addConfirmedGifts it adds the gifts confirmed since the campaign's day once the server has said them.
  interactive: true,
  words: ['layout', 'progress'],
});
