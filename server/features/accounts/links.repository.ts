import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The tables of single-use links mailed to an account: only each token's SHA-256 is stored, with its expiry and use. */
export type LinkTable = 'password_resets' | 'email_confirmations';

/**
 * A new link for an account, replacing its unused ones (only the newest mail's link is good); links that expired
 * before `clearBefore` are deleted on the way, being of no use to anyone.
 */
export async function issueLink(db: Kysely<Database>, table: LinkTable, userId: number, tokenHash: string, expiresAt: Date, clearBefore: Date, now: Date) {
  const at = now.toISOString();
  await db.updateTable(table).set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db.deleteFrom(table).where('expires_at', '<', clearBefore.toISOString()).execute();
  await db.insertInto(table).values({ token_hash: tokenHash, user_id: userId, created_at: at, expires_at: expiresAt.toISOString() }).execute();
}

/** Uses a link inside the caller's transaction: its account, or undefined when it is unknown, used or expired. */
export async function spendLink(trx: Transaction<Database>, table: LinkTable, tokenHash: string, now: Date): Promise<number | undefined> {
  const used = await trx
    .updateTable(table)
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id;
}
