import type { Kysely } from 'kysely';
import type { PublicUser } from '../../engine/types.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { canonicalEmail } from '../security/emailAddress.ts';

/** The key an e-mail is stored and found by (see canonicalEmail); an address that has none keeps its NFKC lower-case form, which no sign-up can have made. */
export function normaliseEmail(email: string): string {
  return canonicalEmail(email) ?? email.normalize('NFKC').trim().toLowerCase();
}

export function toPublicUser(row: Pick<UsersTable, 'full_name' | 'email' | 'registration_no'> & { id: number }): PublicUser {
  return { id: row.id, fullName: row.full_name, email: row.email, registrationNo: row.registration_no };
}

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}

export async function createUser(
  db: Kysely<Database>,
  user: { fullName: string; email: string; registrationNo: string; passwordHash: string },
): Promise<PublicUser> {
  const normalised = normaliseEmail(user.email);
  try {
    const row = await db
      .insertInto('users')
      .values({
        full_name: user.fullName,
        email: user.email.trim(),
        email_normalized: normalised,
        registration_no: user.registrationNo,
        password_hash: user.passwordHash,
        created_at: new Date().toISOString(),
      })
      .returning(['id', 'full_name', 'email', 'registration_no'])
      .executeTakeFirstOrThrow();
    return toPublicUser(row);
  } catch (error) {
    // Both databases report the unique index on email_normalized; the message names it.
    if (/unique|duplicate/i.test((error as Error).message)) throw new EmailTakenError();
    throw error;
  }
}

export async function findUserForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'registration_no', 'password_hash'])
    .where('email_normalized', '=', normaliseEmail(email))
    .executeTakeFirst();
}
