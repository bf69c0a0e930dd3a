import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('referral', {
  interactive: true,
  words: ['layout', 'referral'],
});
