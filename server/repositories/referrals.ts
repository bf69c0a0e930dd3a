import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** No 0/O or 1/I/L: a code read aloud or copied by hand stays right. 31^8 codes, so a guess almost never finds one. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;
const CODE = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

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

/**
 * Credits the owner of `code` with a friend who has just signed up. Once per
 * friend (the friend's account is unique among referrals), never to the
 * friend's own account, and nothing for a code nobody has.
 */
export async function creditReferral(db: Kysely<Database>, friendId: number, code: string | undefined, reward: number): Promise<boolean> {
  const valid = readReferralCode(code);
  if (!valid) return false;
  const owner = await db.selectFrom('users').select('id').where('referral_code', '=', valid).executeTakeFirst();
  if (!owner || owner.id === friendId) return false;
  const result = await db
    .insertInto('referrals')
    .values({ referrer_id: owner.id, referred_user_id: friendId, credited_at: new Date().toISOString(), reward })
    .onConflict((oc) => oc.column('referred_user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface ReferralSummary {
  code: string;
  /** Friends who signed up with the code. */
  signups: number;
  /** Rupees credited for them. */
  earnings: number;
}

export async function referralSummary(db: Kysely<Database>, userId: number): Promise<ReferralSummary> {
  const user = await db.selectFrom('users').select('referral_code').where('id', '=', userId).executeTakeFirstOrThrow();
  const totals = await db
    .selectFrom('referrals')
    .select((eb) => [eb.fn.countAll<number | string>().as('signups'), eb.fn.sum<number | string | null>('reward').as('earnings')])
    .where('referrer_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { code: user.referral_code, signups: Number(totals.signups), earnings: Number(totals.earnings ?? 0) };
}

/** The credits a member has earned, oldest first (for their data download). */
export async function referralCredits(db: Kysely<Database>, userId: number) {
  return db.selectFrom('referrals').select(['credited_at', 'reward']).where('referrer_id', '=', userId).orderBy('id').execute();
}

/** Whether the member signed up with someone's link (their data download says so, without naming the other member). */
export async function wasReferred(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('referrals').select('credited_at').where('referred_user_id', '=', userId).executeTakeFirst();
  return row?.credited_at ?? null;
}
