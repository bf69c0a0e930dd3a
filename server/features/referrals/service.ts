import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReferralSummary } from '../../../engine/types.ts';
import { holdLock } from '../../db/locks.ts';
import type { Database } from '../../db/schema.ts';
import { clientKey } from '../../limits/clientKey.ts';
import { isThrowAway, mailboxOf } from '../../mail/mailbox.ts';
import {
  claimMailbox,
  codeOf,
  creditsFromClients,
  creditsOf,
  creditsSince,
  creditTotals,
  insertCredit,
  ownerOfCode,
  referredAt,
  referredSince,
  takeSignupClient,
} from './repository.ts';

/** No 0/O or 1/I/L: a code read aloud or copied by hand stays right. 31^8 codes, so a guess almost never finds one. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;
const CODE = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);
const DAY = 24 * 60 * 60 * 1000;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A code as typed or carried in a link: any case, spaces around it. Undefined when it cannot be anyone's. */
export function readReferralCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && CODE.test(code) ? code : undefined;
}

/** The member whose code a new member signed up with, if the code is anyone's: remembered until the friend confirms. */
export async function referrerOf(db: Kysely<Database>, code: string | undefined): Promise<number | null> {
  const valid = readReferralCode(code);
  return valid ? ((await ownerOfCode(db, valid)) ?? null) : null;
}

/**
 * The connection a request came from as referrals count it: a keyed hash of its client key (limits/clientKey.ts), so
 * the database never holds the address, and one hash is the same connection every time.
 */
export function referralClient(app: Pick<FastifyInstance, 'links'>, request: FastifyRequest): string {
  return app.links.key('referral-client', clientKey(request));
}

export type CreditOutcome = 'approved' | 'pending' | 'not referred' | 'throw-away address' | 'mailbox credited before' | 'friend credited before';

/**
 * Credits the referrer of a friend who has just confirmed their address: once
 * per mailbox, ever (addresses compared as the mailbox they reach, and a
 * mailbox remembered after its account is deleted), nothing for a throw-away
 * address, and held for review (pending) when any count a script could run up
 * is reached (data/site.json accounts): the referrer's credits in a day; the
 * credits in a day whose friend signed up or confirmed from the connection
 * this friend did, whoever earned them; or the referrer having joined by a
 * link itself within the chain's hold (a chain of new accounts, each with the
 * last one's code). The caps count rows, so credits are decided one at a time
 * under a lock held to the commit (CONTRIBUTING.md, "Money and credit move
 * once"): confirmations arriving together cannot each count the others' credits
 * missing, on PostgreSQL as on SQLite.
 */
export async function creditConfirmedFriend(
  app: Pick<FastifyInstance, 'db' | 'links' | 'site'>,
  friend: { id: number; email: string; referredBy: number | null },
  confirmClient: string | null,
  now = new Date(),
): Promise<CreditOutcome> {
  if (friend.referredBy === null || friend.referredBy === friend.id) return 'not referred';
  const referrerId = friend.referredBy;
  const mailboxKey = app.links.key('referral-mailbox', mailboxOf(friend.email));
  const at = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY).toISOString();
  const { referralReward, referralsApprovedPerDay, referralsApprovedPerConnectionPerDay, referralChainHoldDays } = app.site.accounts;
  return app.db.transaction().execute(async (trx) => {
    await holdLock(trx, 'referral-credits');
    // Read and forgotten whatever becomes of the credit: its only use is now.
    const signupClient = await takeSignupClient(trx, friend.id);
    if (isThrowAway(friend.email)) return 'throw-away address';
    if (!(await claimMailbox(trx, mailboxKey, at))) return 'mailbox credited before';
    const clients = [...new Set([signupClient, confirmClient].filter((c): c is string => c !== null))];
    const held =
      (await creditsSince(trx, referrerId, dayAgo)) >= referralsApprovedPerDay ||
      (await creditsFromClients(trx, clients, dayAgo)) >= referralsApprovedPerConnectionPerDay ||
      (await referredSince(trx, referrerId, new Date(now.getTime() - referralChainHoldDays * DAY).toISOString()));
    const status = held ? 'pending' : 'approved';
    if (!(await insertCredit(trx, { referrerId, friendId: friend.id, reward: referralReward, status, at, signupClient, confirmClient })))
      return 'friend credited before';
    return status;
  });
}

export async function referralSummary(db: Kysely<Database>, userId: number): Promise<ReferralSummary> {
  const totals = await creditTotals(db, userId);
  return {
    code: await codeOf(db, userId),
    signups: totals.approved.count + totals.pending.count + totals.paid.count,
    earnings: totals.approved.amount + totals.paid.amount,
    pendingCount: totals.pending.count,
    pendingAmount: totals.pending.amount,
    paid: totals.paid.amount,
  };
}

/** What a member's data download says of referrals: credits earned and their state, and whether they came by someone's link. */
export async function referralRecord(db: Kysely<Database>, userId: number) {
  const credits = await creditsOf(db, userId);
  return {
    signedUpWithALink: (await referredAt(db, userId)) !== null,
    friendsSignedUp: credits.length,
    earnings: credits.filter((c) => c.status === 'approved' || c.status === 'paid').reduce((sum, c) => sum + c.reward, 0),
    credits: credits.map((c) => ({ creditedAt: c.credited_at, reward: c.reward, status: c.status, paidAt: c.paid_at })),
  };
}
