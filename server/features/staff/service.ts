import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { requireEmail, requireFilled, requirePasswordLength } from '../../http/formChecks.ts';
import { clientKey } from '../../limits/clientKey.ts';
import { tokenHash } from '../../security/tokens.ts';
import { countedAttempt, createUser, EmailTakenError, endEverySession, findUserByEmail, loginCounter, type PasswordCheck } from '../accounts/index.ts';
import { newReferralCode } from '../referrals/index.ts';
import {
  addStaffMember,
  appendAudit,
  countOwners,
  createInvitation,
  openInvitation,
  removeStaffMember,
  replaceRecoveryCodes,
  type StaffRow,
  setTotpSecret,
  spendInvitation,
  spendRecoveryCode,
  staffMember,
  staffMemberByEmail,
  takeTotpStep,
  voidInvitations,
  withdrawInvitation,
} from './repository.ts';
import { staffOf } from './session.ts';
import { codeOffset, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, qrSvg, recoveryCodeHash, totpStep, totpUri } from './totp.ts';

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;

/** Records a staff action in the audit log: who (the signed-in member), from where (the client key) and what changed. */
export async function audit(app: FastifyInstance, request: FastifyRequest, action: string, target?: string | null, detail?: unknown): Promise<void> {
  await appendAudit(app.db, { actor: staffOf(request).email, action, target, detail, client: clientKey(request) });
}

/**
 * Records a refused console sign-in step (a wrong password, a wrong code, a lock-out) in the audit log: the address
 * typed (or the member's, for a code) and the client, never what was typed as the password or code. Each client's
 * refusals are written up to the staffRefusalsAudited allowance an hour (counted whether or not the request limits
 * are on: it bounds what we write), then one entry says that more were not written until the hour is over: a script
 * adds at most 31 rows an hour per client address, where the sign-in allowance alone would let it add 600.
 */
async function auditRefusal(app: FastifyInstance, request: FastifyRequest, actor: string, action: string, detail: Record<string, unknown>): Promise<void> {
  const client = clientKey(request);
  const { max, windowMs } = app.limits.allowances.staffRefusalsAudited;
  const { count, resetInMs } = await app.limits.counts.add('staff-refusals-audited', client, windowMs);
  if (count > max + 1) return;
  if (count === max + 1) {
    const until = new Date(Date.now() + resetInMs).toISOString();
    await appendAudit(app.db, { actor, action: 'refusals not recorded', detail: { after: max, until }, client });
    return;
  }
  await appendAudit(app.db, { actor, action, detail, client });
}

/** A counted attempt whose lock-out (ACCOUNT_LOCKED: too many wrong ones) is written to the audit log before it is answered. */
async function lockOutsAudited(app: FastifyInstance, request: FastifyRequest, actor: string, step: string, attempt: () => Promise<boolean>) {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ACCOUNT_LOCKED')
      await auditRefusal(app, request, actor, 'locked out', { step, retryAfterSeconds: error.retryAfterSeconds });
    throw error;
  }
}

/**
 * The password step of a staff sign-in: the account's own password, for an account that holds a staff role (one
 * answer, LOGIN_FAILED, for a wrong password, no account and an account with no role). Wrong passwords count against
 * the account, or against this browser alone when it has signed in to the account before (as a member's log-in does,
 * so strangers' guesses never lock its owner out). Answers the member, and a new TOTP secret while the second factor
 * is not yet set up.
 */
export async function checkStaffPassword(app: FastifyInstance, passwords: PasswordCheck, request: FastifyRequest, emailTyped: string, password: string) {
  const email = emailTyped.trim();
  if (!email || !password) throw new ApiError('LOGIN_FIELDS_MISSING');
  const user = await findUserByEmail(app.db, email);
  const member = user ? await staffMember(app.db, user.id) : undefined;
  // An account without a staff role is checked as no account is: one answer, in the same time.
  const right = await lockOutsAudited(app, request, email, 'password', () =>
    passwords.check(loginCounter(app, request, email, true), member?.password_hash, password),
  );
  if (!right || !member) {
    // The same entry for a wrong password, no account and no role, as the answer is the same.
    await auditRefusal(app, request, email, 'sign-in refused', { step: 'password' });
    throw new ApiError('LOGIN_FAILED');
  }
  if (member.totp_confirmed_at) return { member, setup: undefined };
  // The same secret until a code from it has been given: signing in again mid-way must not void the phone's entry.
  const secret = member.totp_secret ?? newTotpSecret(member.email, app.site.name).secret;
  if (!member.totp_secret) await setTotpSecret(app.db, member.id, secret);
  const uri = totpUri(secret, member.email, app.site.name);
  return { member, setup: { secret, uri, qr: await qrSvg(uri) } };
}

/** Why a code was refused, when the secret can tell (see codeFailure). */
type CodeRefusal = 'SECOND_FACTOR_WRONG' | 'SECOND_FACTOR_USED' | 'SECOND_FACTOR_EXPIRED' | 'SECOND_FACTOR_CLOCK_BEHIND' | 'SECOND_FACTOR_CLOCK_AHEAD';

/**
 * Why a six-digit code that was not taken failed, said honestly: a current code whose step was taken already (used);
 * one of the two or three steps before the window (typed late: expired); one further back (the phone's clock is
 * behind, by about so many minutes). A code from a step ahead (the phone's clock is ahead) is said only while the
 * authenticator is being set up: once it is, that code will be right when its time comes, and saying so would tell a
 * guesser to wait for it; a past step never becomes right again. Anything else is another set-up's code or mistyped.
 */
function codeFailure(secret: string, code: string, settingUp: boolean, current: boolean): { code: CodeRefusal; minutes?: number } {
  if (current) return { code: 'SECOND_FACTOR_USED' };
  const offset = codeOffset(secret, code);
  if (!offset) return { code: 'SECOND_FACTOR_WRONG' };
  const minutes = Math.max(1, Math.round((Math.abs(offset.steps) * 30) / 60));
  if (offset.steps < 0 && offset.steps >= -3) return { code: 'SECOND_FACTOR_EXPIRED' };
  if (offset.steps < 0) return { code: 'SECOND_FACTOR_CLOCK_BEHIND', minutes };
  return settingUp ? { code: 'SECOND_FACTOR_CLOCK_AHEAD', minutes } : { code: 'SECOND_FACTOR_WRONG' };
}

/**
 * The second step: a current authenticator code (each time step good once) or an unused recovery code. The first
 * code after setup confirms the authenticator and answers ten recovery codes, shown once. A refused code is answered
 * with why, where the secret can tell (codeFailure).
 */
export async function checkSecondFactor(app: FastifyInstance, request: FastifyRequest, code: string): Promise<{ recoveryCodes?: string[] }> {
  const staff = staffOf(request);
  const member = (await staffMember(app.db, staff.id)) as StaffRow;
  const settingUp = member.totp_confirmed_at === null;
  const typed = code.replace(/\s+/g, '');
  let refusal: { code: CodeRefusal; minutes?: number } = { code: 'SECOND_FACTOR_WRONG' };
  const ok = await lockOutsAudited(app, request, member.email, 'code', () =>
    countedAttempt(app, { bucket: 'staff-second-factor', key: String(member.id) }, async () => {
      if (/^\d{6}$/.test(typed) && member.totp_secret) {
        const step = totpStep(member.totp_secret, typed);
        if (step !== undefined && (await takeTotpStep(app.db, member.id, step))) return true;
        refusal = codeFailure(member.totp_secret, typed, settingUp, step !== undefined);
        return false;
      }
      if (!settingUp && looksLikeRecoveryCode(typed)) return spendRecoveryCode(app.db, member.id, recoveryCodeHash(typed));
      return false;
    }),
  );
  if (!ok) {
    await auditRefusal(app, request, member.email, 'sign-in refused', { step: 'code', why: refusal.code });
    throw new ApiError(refusal.code, refusal.minutes ? { minutes: refusal.minutes } : {});
  }
  if (!settingUp) return {};
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(app.db, member.id, recoveryCodes.map(recoveryCodeHash));
  return { recoveryCodes };
}

/** An invitation to the console, mailed through the queue (the link's token is made when the mail is composed). */
export async function inviteStaff(app: FastifyInstance, request: FastifyRequest, emailTyped: string, role: StaffRole): Promise<string> {
  const email = emailTyped.trim();
  requireFilled(email);
  requireEmail(email);
  if (await staffMemberByEmail(app.db, email)) throw new ApiError('STAFF_ALREADY', { email });
  const invitationId = await createInvitation(app.db, { email, role, invitedBy: staffOf(request).email, hours: INVITATION_HOURS });
  await app.mailQueue.enqueue('staff-invitation', { invitationId });
  await audit(app, request, 'invite', email, { role });
  return email;
}

/** Who a link's invitation is for, while it can be accepted: the page shows the address instead of asking for it. */
export async function invitationOf(app: FastifyInstance, token: string) {
  const invitation = await openInvitation(app.db, tokenHash(token));
  if (!invitation) throw new ApiError('INVITATION_INVALID');
  const hasAccount = (await findUserByEmail(app.db, invitation.email)) !== undefined;
  return { email: invitation.email, role: invitation.role, hasAccount, expiresAt: invitation.expires_at };
}

/**
 * An invitation followed: for an address with an account, its password proves it is theirs; otherwise an account
 * is opened with the name and password given. Single-use: the link is spent with the role given.
 */
export async function acceptInvitation(
  app: FastifyInstance,
  passwords: PasswordCheck,
  request: FastifyRequest,
  body: { token: string; password: string; fullName?: string | undefined },
): Promise<void> {
  const invitation = await openInvitation(app.db, tokenHash(body.token));
  if (!invitation) throw new ApiError('INVITATION_INVALID');
  const existing = await findUserByEmail(app.db, invitation.email);
  let userId: number;
  if (existing) {
    const right = await lockOutsAudited(app, request, invitation.email, 'invitation', () =>
      passwords.check(loginCounter(app, request, invitation.email, true), existing.password_hash, body.password),
    );
    if (!right) {
      await auditRefusal(app, request, invitation.email, 'sign-in refused', { step: 'invitation' });
      throw new ApiError('WRONG_PASSWORD');
    }
    userId = existing.id;
  } else {
    const fullName = (body.fullName ?? '').trim();
    requireFilled(fullName, body.password);
    requirePasswordLength(body.password);
    try {
      const user = await createUser(
        app.db,
        { fullName, email: invitation.email, registrationNo: '', passwordHash: await app.passwords.hash(body.password), referredBy: null },
        newReferralCode,
      );
      userId = user.id;
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ApiError('INVITATION_INVALID');
      throw error;
    }
  }
  if (!(await spendInvitation(app.db, invitation.id))) throw new ApiError('INVITATION_INVALID');
  await addStaffMember(app.db, userId, invitation.role, invitation.invited_by);
  // Any other invitation to the address has done its work: left standing, it would outlive a later removal.
  await voidInvitations(app.db, invitation.email);
  await appendAudit(app.db, {
    actor: invitation.email,
    action: 'accept invitation',
    target: invitation.email,
    detail: { role: invitation.role, invitedBy: invitation.invited_by },
    client: clientKey(request),
  });
}

/**
 * Takes someone off the staff, in one transaction: the role, every session of the account (the console's and the
 * member's), and every invitation to the address not yet used, so that none can bring them back. The number of
 * invitations voided.
 */
export async function dismissStaff(db: Kysely<Database>, userId: number, email: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await removeStaffMember(trx, userId);
    await endEverySession(trx, userId);
    return voidInvitations(trx, email);
  });
}

/** Removes a staff member (never the last owner): their sessions end at once, everywhere, and their pending invitations with them. */
export async function removeStaff(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<string> {
  const member = await staffMember(app.db, userId);
  if (!member) throw new ApiError('STAFF_NOT_FOUND');
  if (member.role === 'owner' && (await countOwners(app.db)) <= 1) throw new ApiError('LAST_OWNER');
  const invitationsVoided = await dismissStaff(app.db, userId, member.email);
  await audit(app, request, 'remove', member.email, { role: member.role, ...(invitationsVoided ? { invitationsVoided } : {}) });
  return member.email;
}

/** Withdraws an invitation not yet used: its link stops working at once. The address it was for. */
export async function withdrawStaffInvitation(app: FastifyInstance, request: FastifyRequest, id: number): Promise<string> {
  const withdrawn = await withdrawInvitation(app.db, id);
  if (!withdrawn) throw new ApiError('INVITATION_NOT_FOUND');
  await audit(app, request, 'withdraw invitation', withdrawn.email, { role: withdrawn.role });
  return withdrawn.email;
}
