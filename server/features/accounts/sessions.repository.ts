import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PublicUser } from '../../../engine/types.ts';
import type { Database } from '../../db/schema.ts';
import { toPublicUser } from './repository.ts';

export const SESSION_DAYS = 7;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session: the token goes into the cookie; only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db
    .insertInto('sessions')
    .values({ id: digest(token), user_id: userId, created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .execute();
  await db.deleteFrom('sessions').where('expires_at', '<', now.toISOString()).execute();
  return { token, expiresAt };
}

export async function userForSession(db: Kysely<Database>, token: string | undefined): Promise<PublicUser | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.full_name', 'users.email', 'users.registration_no'])
    .where('sessions.id', '=', digest(token))
    .where('sessions.expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row ? toPublicUser(row) : null;
}

export async function deleteSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await db.deleteFrom('sessions').where('id', '=', digest(token)).execute();
}

/**
 * Every table that holds sessions of an account, wherever they were started: a member's log-ins and the staff
 * console's sign-ins. Ending "every session" of a person is every table here (tests/api/staffSecurity.test.ts holds
 * this list to the tables the migrations make, so a new kind of session cannot be left out of it).
 */
export const SESSION_TABLES = ['sessions', 'staff_sessions'] as const;

/**
 * Ends every session of an account, member and console alike (a password changed or reset, a removal from the
 * staff): someone else may be signed in with the old password. `keepToken` is the member session of the device that
 * made a password change, which stays.
 */
export async function endEverySession(db: Kysely<Database>, userId: number, keepToken?: string): Promise<void> {
  for (const table of SESSION_TABLES) {
    let query = db.deleteFrom(table).where('user_id', '=', userId);
    if (table === 'sessions' && keepToken) query = query.where('id', '!=', digest(keepToken));
    await query.execute();
  }
}

/** A member's sessions, for their data download: when each started and ends, nothing that could be replayed. */
export async function sessionsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}
