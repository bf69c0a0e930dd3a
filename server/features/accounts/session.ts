import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGGED_IN_HINT, SESSION_COOKIE } from '../../../engine/shared/cookies.ts';
import { ApiError } from '../../errors.ts';
import { createSession, SESSION_DAYS, userForSession } from './sessions.repository.ts';

const cookieOptions = (request: FastifyRequest) => ({ sameSite: 'lax' as const, secure: request.protocol === 'https', path: '/' });

/** Logs the member in on this browser: a new session, its cookie, and the hint cookie the page's script reads. */
export async function startSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { token } = await createSession(app.db, userId);
  const maxAge = SESSION_DAYS * 24 * 60 * 60;
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), httpOnly: true, maxAge });
  reply.setCookie(LOGGED_IN_HINT, '1', { ...cookieOptions(request), httpOnly: false, maxAge });
}

/** Logged out: both cookies cleared (log-out, a deleted account). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
  reply.clearCookie(LOGGED_IN_HINT, { path: '/' });
}

/**
 * The one hook that finds the logged-in member, for routes whose config asks:
 * `member: 'required'` refuses with NOT_LOGGED_IN without one, `'optional'`
 * reads it when there is one. Other routes never touch the session table. It
 * runs after the route's allowance is counted and before the body is read or
 * checked, as the staff guard does: a visitor learns nothing of a member's
 * route but that it needs a log-in.
 */
export function memberHook(app: FastifyInstance) {
  return async function findMember(request: FastifyRequest): Promise<void> {
    const wanted = request.routeOptions.config.member;
    if (!wanted) return;
    request.member = await userForSession(app.db, request.cookies[SESSION_COOKIE]);
    if (!request.member && wanted === 'required') throw new ApiError('NOT_LOGGED_IN');
  };
}

/** The member of a route whose config says member: 'required' (the hook has refused the request otherwise). */
export function memberOf(request: FastifyRequest) {
  if (!request.member) throw new ApiError('NOT_LOGGED_IN');
  return request.member;
}
