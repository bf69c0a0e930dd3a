import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { issueLink, spendLink } from './links.repository.ts';
import { endEverySession } from './sessions.repository.ts';

const MINUTE = 60_000;

/** How many reset mails one account may be sent in an hour: enough for a lost mail or two, too few to flood an inbox. */
export const RESETS_PER_HOUR = 3;

/**
 * A new reset link for an account: the token goes into the mail, only its SHA-256 (`tokenHash`) into the database.
 * Older links of the account stop working, so only the newest mail's link is good. The mail's composer has spent one
 * of the account's RESETS_PER_HOUR first (mails.ts).
 */
export async function createPasswordReset(db: Kysely<Database>, userId: number, tokenHash: string, minutes: number, now = new Date()): Promise<void> {
  // Links long dead are of no use to anyone: cleared on the way.
  await issueLink(db, 'password_resets', userId, tokenHash, new Date(now.getTime() + minutes * MINUTE), new Date(now.getTime() - 60 * MINUTE), now);
}

/** The account a reset link is good for: unused and unexpired, else undefined. */
export async function resetLinkAccount(db: Kysely<Database>, tokenHash: string, now = new Date()): Promise<number | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses a reset link and sets the new password, in one transaction: of two
 * requests with the same link at the same moment only one changes anything.
 * Every session of the account ends, member and console alike (someone else may have been signed in).
 */
export async function resetPassword(db: Kysely<Database>, tokenHash: string, passwordHash: string, now = new Date()): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const userId = await spendLink(trx, 'password_resets', tokenHash, now);
    if (userId === undefined) return undefined;
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await endEverySession(trx, userId);
    return userId;
  });
}

/** A member's reset links, for their data download: when each was asked for, expires and was used. */
export async function resetsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('password_resets').select(['created_at', 'expires_at', 'used_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}

/** Every unused reset link of an account stops working (its password was just changed: a link asked for before must not undo that). */
export async function voidResetLinks(db: Kysely<Database>, userId: number, now = new Date()): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now.toISOString() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
