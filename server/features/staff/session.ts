import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_API_PREFIX } from '../../../engine/shared/apiRoutes.ts';
import { SESSION_COOKIE, STAFF_COOKIE } from '../../../engine/shared/cookies.ts';
import type { StaffRole } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { tokenHash } from '../../security/tokens.ts';
import { userForSession } from '../accounts/index.ts';
import { createStaffSession, deleteStaffSession, passSecondFactor, staffMember, staffSession } from './repository.ts';

/**
 * Who may call a console route (its config `staff`): `'password'` for the second-factor step, which a session that
 * has passed only the password may call; otherwise the least role that may (owner > staff > viewer), with the
 * second factor passed.
 */
export type StaffAccess = 'password' | StaffRole;

export interface StaffOnRequest {
  id: number;
  email: string;
  fullName: string;
  role: StaffRole;
  secondFactor: boolean;
  /** The SHA-256 of the session's token. */
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a console route (set by the staff guard for routes whose config names `staff`). */
    staff: StaffOnRequest | null;
  }
  interface FastifyContextConfig {
    staff?: StaffAccess;
  }
}

/** Where the console's cookie is sent: its pages and its API, nowhere else on the site. */
const STAFF_COOKIE_PATHS = ['/staff', STAFF_API_PREFIX] as const;

const RANK: Record<StaffRole, number> = { viewer: 0, staff: 1, owner: 2 };

/** How long a session that has given only its password may wait for the code. */
const PASSWORD_ONLY_MINUTES = 5;

const cookieOptions = (request: FastifyRequest, path: string) => ({ sameSite: 'strict' as const, secure: request.protocol === 'https', path, httpOnly: true });

/** A new console session after a right password: good only for the code's step, for a few minutes. */
export async function startStaffSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await createStaffSession(app.db, userId, tokenHash(token), new Date(Date.now() + PASSWORD_ONLY_MINUTES * 60_000));
  setStaffCookie(request, reply, token, PASSWORD_ONLY_MINUTES);
}

/** The code given: the session gets a new token (the one that had only the password is gone) and the console's full length. */
export async function completeStaffSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, minutes: number): Promise<void> {
  const staff = staffOf(request);
  const token = randomBytes(32).toString('base64url');
  await passSecondFactor(app.db, staff.sessionHash, tokenHash(token), new Date(Date.now() + minutes * 60_000));
  setStaffCookie(request, reply, token, minutes);
}

function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string, minutes: number): void {
  for (const path of STAFF_COOKIE_PATHS) reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request, path), maxAge: minutes * 60 });
}

export async function endStaffSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[STAFF_COOKIE];
  if (token && token.length <= 100) await deleteStaffSession(app.db, tokenHash(token));
  for (const path of STAFF_COOKIE_PATHS) reply.clearCookie(STAFF_COOKIE, cookieOptions(request, path));
}

/**
 * The guard of every console route whose config names `staff`: 401 without a console session (403 for a member's
 * session of an account with no staff role), 401 before the second factor, 403 for a role below the route's.
 */
export function staffGuard(app: FastifyInstance) {
  return async function guard(request: FastifyRequest): Promise<void> {
    const wanted = request.routeOptions.config.staff;
    if (!wanted) return;
    const token = request.cookies[STAFF_COOKIE];
    const hash = token && token.length <= 100 ? tokenHash(token) : undefined;
    const session = hash ? await staffSession(app.db, hash) : undefined;
    if (!session || !hash) {
      const member = await userForSession(app.db, request.cookies[SESSION_COOKIE]);
      if (member && !(await staffMember(app.db, member.id))) throw new ApiError('STAFF_ONLY');
      throw new ApiError('STAFF_NOT_SIGNED_IN');
    }
    request.staff = {
      id: session.id,
      email: session.email,
      fullName: session.full_name,
      role: session.role,
      secondFactor: session.second_factor_at !== null,
      sessionHash: hash,
    };
    if (wanted === 'password') return;
    if (!request.staff.secondFactor) throw new ApiError('SECOND_FACTOR_REQUIRED');
    if (RANK[session.role] < RANK[wanted]) throw new ApiError('STAFF_ROLE_TOO_LOW');
  };
}

/** The staff member of a guarded route. */
export function staffOf(request: FastifyRequest): StaffOnRequest {
  if (!request.staff) throw new ApiError('STAFF_NOT_SIGNED_IN');
  return request.staff;
}
