import type { Kysely } from 'kysely';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';
import type { Language } from '../../../engine/shared/language.ts';
import type { PublicUser } from '../../../engine/types.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

export function toPublicUser(row: Pick<UsersTable, 'full_name' | 'email' | 'registration_no'> & { id: number }): PublicUser {
  return { id: row.id, fullName: row.full_name, email: row.email, registrationNo: row.registration_no };
}

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}

/**
 * A new account; `referralCode` draws its code (drawn again in the rare case one is taken); `referredBy` is the member
 * whose link it came by, and `signupClient` the keyed hash of the connection it came from (kept only then: referrals count it).
 */
export async function createUser(
  db: Kysely<Database>,
  user: {
    fullName: string;
    email: string;
    registrationNo: string;
    passwordHash: string;
    referredBy: number | null;
    signupClient?: string;
    language?: Language;
  },
  referralCode: () => string,
): Promise<PublicUser> {
  const at = new Date().toISOString();
  const normalised = normaliseEmail(user.email);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db
        .insertInto('users')
        .values({
          full_name: user.fullName,
          email: user.email.trim(),
          email_normalized: normalised,
          registration_no: user.registrationNo,
          password_hash: user.passwordHash,
          created_at: at,
          referral_code: referralCode(),
          referred_by: user.referredBy,
          referred_at: user.referredBy === null ? null : at,
          signup_client: user.referredBy === null ? null : (user.signupClient ?? null),
          language: user.language ?? 'en',
        })
        .returning(['id', 'full_name', 'email', 'registration_no'])
        .executeTakeFirstOrThrow();
      return toPublicUser(row);
    } catch (error) {
      const message = (error as Error).message;
      // A referral code already taken (about one chance in 10^11 per sign-up): draw another.
      if (/referral_code/.test(message) && attempt < 3) continue;
      // Both databases report the unique index on email_normalized; the message names it.
      if (/unique|duplicate/i.test(message)) throw new EmailTakenError();
      throw error;
    }
  }
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'registration_no', 'password_hash', 'email_confirmed_at', 'language'])
    .where('email_normalized', '=', normaliseEmail(email))
    .executeTakeFirst();
}

export async function accountRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'registration_no', 'created_at', 'password_hash', 'referral_code', 'email_confirmed_at', 'referred_by', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function publicUserById(db: Kysely<Database>, userId: number): Promise<PublicUser> {
  const row = await db.selectFrom('users').select(['id', 'full_name', 'email', 'registration_no']).where('id', '=', userId).executeTakeFirstOrThrow();
  return toPublicUser(row);
}

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

/** Whether someone has shown they own this address: an account with it confirmed. */
export async function addressConfirmedByAccount(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', normaliseEmail(email))
    .where('email_confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's address is shown to be its owner's (a reset link used proves it as well as a confirmation link): false when it was already. */
export async function markAddressConfirmed(db: Kysely<Database>, userId: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_confirmed_at: now.toISOString() })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The member's language, when she chose another with the switch: one conditional write, which changes nothing when it
 * is already hers.
 */
export async function setMemberLanguage(db: Kysely<Database>, userId: number, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).where('language', '<>', language).execute();
}
