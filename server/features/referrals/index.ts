/** Referrals: what the rest of the server may use (accounts remember who invited a new member and credit them on confirmation, and show a member's earnings). */

export { countPendingCredits, decideCredits } from './review.repository.ts';
export { type PendingCredit, payoutFile, pendingWithSignals } from './review.ts';
export {
  type CreditOutcome,
  creditConfirmedFriend,
  newReferralCode,
  type ReferralSummary,
  readReferralCode,
  referralRecord,
  referralSummary,
  referrerOf,
} from './service.ts';
