import type { Kysely } from 'kysely';
import { newToken, tokenHash } from '../accounts/tokens.ts';
import type { Database } from '../db/schema.ts';

const MINUTE = 60_000;

/** How many reset mails one account may be sent in an hour: enough for a lost mail or two, too few to flood an inbox. */
export const RESETS_PER_HOUR = 3;

/**
 * A new reset link for an account: the token goes into the mail, only its
 * SHA-256 into the database. Older links of the account stop working, so only
 * the newest mail's link is good. Undefined when the account has had its
 * RESETS_PER_HOUR already.
 */
export async function createPasswordReset(db: Kysely<Database>, userId: number, minutes: number, now = new Date()): Promise<string | undefined> {
  const hourAgo = new Date(now.getTime() - 60 * MINUTE).toISOString();
  const recent = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RESETS_PER_HOUR) return undefined;
  const at = now.toISOString();
  await db.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  // Links long dead are of no use to anyone: cleared on the way.
  await db.deleteFrom('password_resets').where('expires_at', '<', hourAgo).execute();
  const { token, hash } = newToken();
  await db
    .insertInto('password_resets')
    .values({ token_hash: hash, user_id: userId, created_at: at, expires_at: new Date(now.getTime() + minutes * MINUTE).toISOString() })
    .execute();
  return token;
}

/** The account a reset link is good for: unused and unexpired, else undefined. */
export async function resetLinkAccount(db: Kysely<Database>, token: string, now = new Date()): Promise<number | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses a reset link and sets the new password, in one transaction: of two
 * requests with the same link at the same moment only one changes anything.
 * Every session of the account ends (someone else may have been logged in).
 */
export async function resetPassword(db: Kysely<Database>, token: string, passwordHash: string, now = new Date()): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning('user_id')
      .executeTakeFirst();
    if (!used) return undefined;
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', used.user_id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
    return used.user_id;
  });
}
