import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('account', {
  interactive: true,
  words: ['account', 'auth', 'forms', 'layout', 'referral'],
});
