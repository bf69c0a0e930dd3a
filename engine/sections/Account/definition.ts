import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('account', {
  interactive: true,
  // Her applications' words (statuses, what happens next, reasons) and her payments' travel with the account page only.
  words: ['account', 'applications', 'auth', 'forms', 'layout', 'payments', 'referral'],
});
