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

/** Ends every session of an account but the one given (after a password change, other devices must log in again). */
export async function deleteOtherSessions(db: Kysely<Database>, userId: number, keepToken: string | undefined): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('id', '!=', digest(keepToken));
  await query.execute();
}

/** A member's sessions, for their data download: when each started and ends, nothing that could be replayed. */
export async function sessionsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}
