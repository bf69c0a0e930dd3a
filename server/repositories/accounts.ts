import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enquiryReference } from '../mail/messages.ts';
import { enquiriesOfUser } from './enquiries.ts';
import { subscriptionOf } from './newsletter.ts';
import { referralCredits, referralSummary, wasReferred } from './referrals.ts';

export async function accountRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'registration_no', 'created_at', 'password_hash', 'referral_code'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** What the account page shows its owner. */
export async function accountOverview(db: Kysely<Database>, userId: number) {
  const row = await accountRow(db, userId);
  if (!row) return undefined;
  const subscription = await subscriptionOf(db, row.email);
  const enquiries = await enquiriesOfUser(db, userId);
  return {
    user: { id: row.id, fullName: row.full_name, email: row.email, registrationNo: row.registration_no },
    createdAt: row.created_at,
    referral: await referralSummary(db, userId),
    enquiries: enquiries.map((e) => ({
      reference: enquiryReference(e.id),
      kind: e.kind,
      receivedAt: e.received_at,
      ...(e.course_title ? { course: e.course_title } : {}),
      ...(e.message ? { message: e.message } : {}),
      acknowledged: e.acknowledged_at !== null,
    })),
    newsletter: (subscription?.status ?? 'none') as 'subscribed' | 'pending' | 'none',
  };
}

/**
 * Everything held about an account, for its owner to download (the DPDP Act's
 * right to a summary of one's data): no password hash, no session tokens, and
 * nothing about another member (a friend who signed up is counted, not named).
 */
export async function accountExport(db: Kysely<Database>, userId: number, now = new Date()) {
  const row = await accountRow(db, userId);
  if (!row) return undefined;
  const sessions = await db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', userId).orderBy('created_at').execute();
  const resets = await db
    .selectFrom('password_resets')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const subscription = await subscriptionOf(db, row.email);
  const credits = await referralCredits(db, userId);
  const referredAt = await wasReferred(db, userId);
  return {
    exportedAt: now.toISOString(),
    account: {
      fullName: row.full_name,
      email: row.email,
      registrationNo: row.registration_no,
      createdAt: row.created_at,
      referralCode: row.referral_code,
      signedUpWithAReferralLink: referredAt !== null,
    },
    enquiries: (await enquiriesOfUser(db, userId)).map((e) => ({
      reference: enquiryReference(e.id),
      kind: e.kind,
      receivedAt: e.received_at,
      name: e.name,
      email: e.email,
      phone: e.phone,
      course: e.course_title,
      message: e.message,
      acknowledgementEmailed: e.acknowledged_at,
    })),
    referrals: {
      friendsSignedUp: credits.length,
      earnings: credits.reduce((sum, c) => sum + c.reward, 0),
      credits: credits.map((c) => ({ creditedAt: c.credited_at, reward: c.reward })),
    },
    newsletter: subscription
      ? { email: subscription.email, status: subscription.status, requestedAt: subscription.requested_at, confirmedAt: subscription.confirmed_at }
      : null,
    sessions: sessions.map((s) => ({ startedAt: s.created_at, expiresAt: s.expires_at })),
    passwordResets: resets.map((r) => ({ requestedAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof accountExport>>>;

export async function updateAccountDetails(db: Kysely<Database>, userId: number, details: { fullName: string; registrationNo: string }): Promise<void> {
  await db.updateTable('users').set({ full_name: details.fullName, registration_no: details.registrationNo }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * Erases an account (the DPDP Act's right to erasure): the account, its
 * sessions, reset links and referral credits go, and its enquiries lose their
 * link to it (the foreign keys do this on both databases, in one statement).
 */
export async function deleteAccount(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
