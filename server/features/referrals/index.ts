/** Referrals: what the rest of the server may use (accounts remember who invited a new member and credit them on confirmation, and show a member's earnings). */

export { countPendingCredits, decideCredits, openBatches, payBatch } from './review.repository.ts';
export { payoutFile, pendingWithSignals } from './review.ts';
export {
  type CreditOutcome,
  creditConfirmedFriend,
  newReferralCode,
  readReferralCode,
  referralClient,
  referralRecord,
  referralSummary,
  referrerOf,
} from './service.ts';
