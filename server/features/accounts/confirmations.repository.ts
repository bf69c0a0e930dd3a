import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { issueLink, spendLink } from './links.repository.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A new confirmation link for an account's address: only the SHA-256 of its
 * token is stored; older unused links of the account stop working, so only
 * the newest mail's link is good.
 */
export async function createConfirmation(db: Kysely<Database>, userId: number, tokenHash: string, days: number, now = new Date()): Promise<void> {
  await issueLink(db, 'email_confirmations', userId, tokenHash, new Date(now.getTime() + days * DAY), new Date(now.getTime() - DAY), now);
}

/**
 * Uses a confirmation link, in one transaction: the account's address is
 * confirmed (the first time only). The account, or undefined when the link is
 * unknown, used or expired.
 */
export async function spendConfirmation(db: Kysely<Database>, tokenHash: string, now = new Date()): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const userId = await spendLink(trx, 'email_confirmations', tokenHash, now);
    if (userId === undefined) return undefined;
    await trx.updateTable('users').set({ email_confirmed_at: now.toISOString() }).where('id', '=', userId).where('email_confirmed_at', 'is', null).execute();
    return userId;
  });
}
