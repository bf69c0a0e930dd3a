import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fillCount } from '../../../engine/shared/fill.ts';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';
import type { AccountResponse } from '../../../engine/types.ts';
import { ApiError } from '../../errors.ts';
import type { AllowanceName } from '../../limits/allowances.ts';
import { applicationsExport } from '../applications/index.ts';
import { enquiriesOfUser, enquiryReference } from '../enquiries/index.ts';
import { subscriptionOf } from '../newsletter/index.ts';
import { ordersExport } from '../payments/index.ts';
import { creditConfirmedFriend, referralClient, referralRecord, referralSummary } from '../referrals/index.ts';
import { spendConfirmation } from './confirmations.repository.ts';
import { knownDevice } from './device.ts';
import { accountRow, addressConfirmedByAccount } from './repository.ts';
import { resetsOf } from './resets.repository.ts';
import { sessionsOf } from './sessions.repository.ts';

/** Whose wrong passwords a check counts against, and in which bucket of the counts. */
export type Counter =
  /** An account, from devices it does not know: a stranger's guesses stop here. */
  | { bucket: 'login-failures'; key: string }
  /** A device that has logged in to the account before: its owner's own typos, counted apart from anyone else's. */
  | { bucket: 'device-wrong-passwords'; key: string }
  /** A logged-in session changing the password or deleting the account: its own count, never the stranger's. */
  | { bucket: 'session-wrong-passwords'; key: string }
  /** The staff console's sign-in, as log-in's two above, with the console's smaller allowance. */
  | { bucket: 'staff-login-failures'; key: string }
  | { bucket: 'staff-device-wrong-passwords'; key: string }
  /** Wrong authenticator or recovery codes of one staff account (only someone with its password gets that far). */
  | { bucket: 'staff-second-factor'; key: string };

/** The allowance (limits/allowances.ts) each counter is held to. */
const ALLOWANCE_OF = {
  'login-failures': 'wrongPasswords',
  'device-wrong-passwords': 'wrongPasswords',
  'session-wrong-passwords': 'wrongPasswords',
  'staff-login-failures': 'staffWrongPasswords',
  'staff-device-wrong-passwords': 'staffWrongPasswords',
  'staff-second-factor': 'staffSecondFactor',
} as const satisfies Record<Counter['bucket'], AllowanceName>;

/** "3 minutes": a wait in whole minutes, in the site's words. */
export function waitInMinutes(app: FastifyInstance, ms: number): string {
  return fillCount(app.site.ui.serverErrors.minutes, Math.max(1, Math.ceil(ms / 60_000)));
}

export interface PasswordCheck {
  /**
   * The one password check (log-in, password change, account deletion):
   * refused with ACCOUNT_LOCKED while the counter's allowance of wrong
   * passwords is spent; a wrong one is counted on it. `storedHash` undefined
   * (no such account) is checked against a decoy, so the answer takes as long
   * as for a real account.
   */
  check(counter: Counter, storedHash: string | undefined, password: string): Promise<boolean>;
}

/**
 * The one rule of every secret a person types (passwords, authenticator and recovery codes): each attempt is spent
 * from the counter's allowance before it is tried, by one atomic increment whose answer decides (limits/counts.ts),
 * so guesses sent together cannot all read the count before any adds to it; past the allowance, ACCOUNT_LOCKED and
 * nothing is tried. A right secret counts as nothing, so its attempt is given back (a student who logs in often is
 * never locked out), and so is one that could not be tried (hashing busy).
 */
export async function countedAttempt(app: FastifyInstance, counter: Counter, attempt: () => Promise<boolean>): Promise<boolean> {
  if (!app.limits.enabled) return attempt();
  const allowance = app.limits.allowances[ALLOWANCE_OF[counter.bucket]];
  const spent = await app.limits.counts.add(counter.bucket, counter.key, allowance.windowMs);
  if (spent.count > allowance.max) throw new ApiError('ACCOUNT_LOCKED', { wait: waitInMinutes(app, spent.resetInMs) }, Math.ceil(spent.resetInMs / 1000));
  let right: boolean | undefined;
  try {
    right = await attempt();
    return right;
  } finally {
    // Kept only for a wrong one: a right one (true) and one that threw before an answer (undefined) are given back.
    if (right !== false) await app.limits.counts.giveBack(counter.bucket, counter.key, spent.windowStart);
  }
}

export async function passwordCheck(app: FastifyInstance): Promise<PasswordCheck> {
  // Made at the first check that needs it, once: a start does not wait on a hash nobody may ask for.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => {
    decoy ??= app.passwords.hash('not-a-real-password');
    return decoy;
  };
  return {
    check: (counter, storedHash, password) =>
      countedAttempt(app, counter, async () => (await app.passwords.verify(password, storedHash ?? (await decoyHash()))) && storedHash !== undefined),
  };
}

/**
 * The counter a log-in's wrong passwords go on (a member's, or the staff console's sign-in): the device's own when it
 * has logged in to the account before, else the account's. So strangers' guesses never lock the owner's browser out.
 */
export function loginCounter(app: FastifyInstance, request: FastifyRequest, email: string, console = false): Counter {
  const device = knownDevice(app, request, email);
  if (console) return device ? { bucket: 'staff-device-wrong-passwords', key: device } : { bucket: 'staff-login-failures', key: normaliseEmail(email) };
  return device ? { bucket: 'device-wrong-passwords', key: device } : { bucket: 'login-failures', key: normaliseEmail(email) };
}

/**
 * A confirmation link followed: the account's address is its owner's, and the
 * friend who invited them (if one did) is credited. The account, or undefined
 * when the link is not good.
 */
export async function confirmAddress(app: FastifyInstance, request: FastifyRequest, confirmationHash: string): Promise<number | undefined> {
  const userId = await spendConfirmation(app.db, confirmationHash);
  if (userId !== undefined) await creditOnConfirmation(app, request, userId);
  return userId;
}

/** The referral an account's confirmation earns (referrals/service.ts decides how much, if anything, counting the connection it came from). */
export async function creditOnConfirmation(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<void> {
  const row = await accountRow(app.db, userId);
  if (row) await creditConfirmedFriend(app, { id: row.id, email: row.email, referredBy: row.referred_by }, referralClient(app, request));
}

/** What the account page shows its owner. */
export async function accountOverview(app: FastifyInstance, userId: number): Promise<AccountResponse> {
  const row = await accountRow(app.db, userId);
  // Deleted since its session was read (from another device): nobody is logged in any more.
  if (!row) throw new ApiError('NOT_LOGGED_IN');
  const confirmed = row.email_confirmed_at !== null;
  // An address not yet shown to be the member's may be someone else's: its newsletter is not theirs to see.
  const subscription = confirmed ? await subscriptionOf(app.db, row.email) : undefined;
  const enquiries = await enquiriesOfUser(app.db, userId);
  return {
    user: { id: row.id, fullName: row.full_name, email: row.email, registrationNo: row.registration_no },
    createdAt: row.created_at,
    emailConfirmed: confirmed,
    referral: await referralSummary(app.db, userId),
    enquiries: enquiries.map((e) => ({
      reference: enquiryReference(e.id),
      kind: e.kind,
      receivedAt: e.received_at,
      ...(e.subject_kind === 'course' && e.subject_title ? { course: e.subject_title } : {}),
      ...(e.message ? { message: e.message } : {}),
      acknowledged: e.acknowledged_at !== null,
    })),
    newsletter: confirmed ? (subscription?.status ?? 'none') : ('unconfirmed' as const),
  };
}

/**
 * Everything held about an account, for its owner to download (the DPDP Act's
 * right to a summary of one's data): no password hash, no session tokens, and
 * nothing about another member (a friend who signed up is counted, not named).
 */
export async function accountExport(app: FastifyInstance, userId: number, now = new Date()) {
  const row = await accountRow(app.db, userId);
  if (!row) return undefined;
  const subscription = row.email_confirmed_at !== null ? await subscriptionOf(app.db, row.email) : undefined;
  const referrals = await referralRecord(app.db, userId);
  return {
    exportedAt: now.toISOString(),
    account: {
      fullName: row.full_name,
      email: row.email,
      registrationNo: row.registration_no,
      createdAt: row.created_at,
      emailConfirmedAt: row.email_confirmed_at,
      referralCode: row.referral_code,
      signedUpWithAReferralLink: referrals.signedUpWithALink,
    },
    enquiries: (await enquiriesOfUser(app.db, userId)).map((e) => ({
      reference: enquiryReference(e.id),
      kind: e.kind,
      receivedAt: e.received_at,
      name: e.name,
      email: e.email,
      phone: e.phone,
      about: e.subject_title,
      message: e.message,
      acknowledgementEmailed: e.acknowledged_at,
    })),
    ...(await applicationsExport(app, userId)),
    ...(await ordersExport(app, userId)),
    referrals: { friendsSignedUp: referrals.friendsSignedUp, earnings: referrals.earnings, credits: referrals.credits },
    newsletter: subscription
      ? { email: subscription.email, status: subscription.status, requestedAt: subscription.requested_at, confirmedAt: subscription.confirmed_at }
      : null,
    sessions: (await sessionsOf(app.db, userId)).map((s) => ({ startedAt: s.created_at, expiresAt: s.expires_at })),
    passwordResets: (await resetsOf(app.db, userId)).map((r) => ({ requestedAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at })),
  };
}

/** Whether someone has shown they own this address: a confirmed account, or a confirmed newsletter subscription. Mail to it may be a little more. */
export async function isAddressConfirmed(db: FastifyInstance['db'], email: string): Promise<boolean> {
  if (await addressConfirmedByAccount(db, email)) return true;
  return (await subscriptionOf(db, email))?.status === 'subscribed';
}
