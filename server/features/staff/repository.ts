import type { Kysely } from 'kysely';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';
import type { Database, StaffRole } from '../../db/schema.ts';

/** The staff console's own tables: members and their second factor, invitations, sessions, the audit log. */

export async function staffMember(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('staff_members')
    .innerJoin('users', 'users.id', 'staff_members.user_id')
    .select([
      'users.id',
      'users.email',
      'users.full_name',
      'users.password_hash',
      'staff_members.role',
      'staff_members.totp_secret',
      'staff_members.totp_confirmed_at',
      'staff_members.totp_last_step',
    ])
    .where('staff_members.user_id', '=', userId)
    .executeTakeFirst();
}

export type StaffRow = NonNullable<Awaited<ReturnType<typeof staffMember>>>;

export async function staffMemberByEmail(db: Kysely<Database>, email: string) {
  const row = await db.selectFrom('users').select('id').where('email_normalized', '=', normaliseEmail(email)).executeTakeFirst();
  return row ? staffMember(db, row.id) : undefined;
}

export async function addStaffMember(db: Kysely<Database>, userId: number, role: StaffRole, addedBy: string): Promise<'added' | 'changed'> {
  const now = new Date().toISOString();
  const existing = await db.selectFrom('staff_members').select('role').where('user_id', '=', userId).executeTakeFirst();
  if (existing) {
    await db.updateTable('staff_members').set({ role }).where('user_id', '=', userId).execute();
    return 'changed';
  }
  await db.insertInto('staff_members').values({ user_id: userId, role, added_at: now, added_by: addedBy }).execute();
  return 'added';
}

/**
 * Takes the staff role from an account: its console sessions and recovery codes go with the row (ON DELETE CASCADE),
 * deleted here too for clarity. Run inside the transaction that also ends the account's other sessions and voids its
 * invitations (service.ts dismissStaff).
 */
export async function removeStaffMember(db: Kysely<Database>, userId: number): Promise<boolean> {
  await db.deleteFrom('staff_sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('staff_members').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countOwners(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('staff_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listStaff(db: Kysely<Database>) {
  return db
    .selectFrom('staff_members')
    .innerJoin('users', 'users.id', 'staff_members.user_id')
    .select([
      'users.id',
      'users.email',
      'users.full_name',
      'staff_members.role',
      'staff_members.added_at',
      'staff_members.added_by',
      'staff_members.totp_confirmed_at',
    ])
    .orderBy('staff_members.added_at')
    .execute();
}

export async function setTotpSecret(db: Kysely<Database>, userId: number, secret: string): Promise<void> {
  await db.updateTable('staff_members').set({ totp_secret: secret }).where('user_id', '=', userId).where('totp_confirmed_at', 'is', null).execute();
}

/**
 * Takes a TOTP time step as used, once: true when it is later than the last one accepted (so a code seen over a
 * shoulder cannot be used again), and the second factor is confirmed if it was being set up.
 */
export async function takeTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_members')
    .set((eb) => ({ totp_last_step: step, totp_confirmed_at: eb.fn.coalesce('totp_confirmed_at', eb.val(new Date().toISOString())) }))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number, hashes: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(hashes.map((code_hash) => ({ code_hash, user_id: userId })))
      .execute();
  });
}

/** Spends a recovery code: true once, for a code of this member not used before. */
export async function spendRecoveryCode(db: Kysely<Database>, userId: number, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: new Date().toISOString() })
    .where('code_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Sessions

export async function createStaffSession(db: Kysely<Database>, userId: number, idHash: string, expiresAt: Date): Promise<void> {
  const now = new Date().toISOString();
  await db.insertInto('staff_sessions').values({ id: idHash, user_id: userId, created_at: now, expires_at: expiresAt.toISOString() }).execute();
  await db.deleteFrom('staff_sessions').where('expires_at', '<', now).execute();
}

/** The session and its member, while both stand (a removed member's sessions are gone with them). */
export async function staffSession(db: Kysely<Database>, idHash: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff_members', 'staff_members.user_id', 'staff_sessions.user_id')
    .innerJoin('users', 'users.id', 'staff_sessions.user_id')
    .select(['users.id', 'users.email', 'users.full_name', 'staff_members.role', 'staff_sessions.second_factor_at', 'staff_sessions.expires_at'])
    .where('staff_sessions.id', '=', idHash)
    .where('staff_sessions.expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
}

/** The second factor given: the session takes a new token's hash and its full length. */
export async function passSecondFactor(db: Kysely<Database>, idHash: string, newIdHash: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ id: newIdHash, second_factor_at: new Date().toISOString(), expires_at: expiresAt.toISOString() })
    .where('id', '=', idHash)
    .execute();
}

export async function deleteStaffSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id', '=', idHash).execute();
}

// Invitations

export async function createInvitation(
  db: Kysely<Database>,
  invitation: { email: string; role: StaffRole; invitedBy: string; hours: number; tokenHash?: string },
): Promise<number> {
  const now = new Date();
  const row = await db
    .insertInto('staff_invitations')
    .values({
      email: invitation.email.trim(),
      email_normalized: normaliseEmail(invitation.email),
      role: invitation.role,
      invited_by: invitation.invitedBy,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + invitation.hours * 3_600_000).toISOString(),
      token_hash: invitation.tokenHash ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives an invitation its link's hash, when its mail is composed; undefined when it was given one already, used or expired. */
export async function sealInvitation(db: Kysely<Database>, id: number, tokenHash: string) {
  const result = await db
    .updateTable('staff_invitations')
    .set({ token_hash: tokenHash })
    .where('id', '=', id)
    .where('token_hash', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('staff_invitations').select(['email', 'role', 'invited_by', 'expires_at']).where('id', '=', id).executeTakeFirst();
}

/** An invitation by its link, while it is good (not used, not expired). */
export async function openInvitation(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'role', 'invited_by', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
}

/** Spends an invitation: true once. */
export async function spendInvitation(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ used_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The invitations not yet used whose links still work, oldest first: what an owner may withdraw. */
export async function pendingInvitations(db: Kysely<Database>) {
  return db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'role', 'invited_by', 'created_at', 'expires_at'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Withdraws a pending invitation: its row goes, so its link (or a mail not yet composed) is good for nothing. The
 * invitation withdrawn, or undefined when there was none pending by that number (used, expired or withdrawn).
 */
export async function withdrawInvitation(db: Kysely<Database>, id: number) {
  return db
    .deleteFrom('staff_invitations')
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .returning(['email', 'role'])
    .executeTakeFirst();
}

/** Voids every invitation to an address not yet used (a removal, or one of them accepted): how many there were. */
export async function voidInvitations(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db.deleteFrom('staff_invitations').where('email_normalized', '=', normaliseEmail(email)).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// The audit log: appended only.

export interface AuditEntry {
  actor: string;
  action: string;
  target?: string | null | undefined;
  detail?: unknown;
  client: string;
}

export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      at: new Date().toISOString(),
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
      client: entry.client,
    })
    .execute();
}

export interface AuditFilter {
  action?: string | undefined;
  actor?: string | undefined;
}

export async function auditPage(db: Kysely<Database>, filter: AuditFilter, offset: number, limit: number) {
  let query = db.selectFrom('staff_audit');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  const [rows, total] = await Promise.all([
    query
      .select(['id', 'at', 'actor', 'action', 'target', 'detail', 'client'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function auditAll(db: Kysely<Database>) {
  return db.selectFrom('staff_audit').select(['id', 'at', 'actor', 'action', 'target', 'detail', 'client']).orderBy('at').orderBy('id').execute();
}
