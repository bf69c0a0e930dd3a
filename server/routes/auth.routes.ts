import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginRequest, SignupRequest } from '../../engine/types.ts';
import type { Database } from '../db/schema.ts';
import { createSession, deleteSession, SESSION_DAYS, userForSession } from '../repositories/sessions.ts';
import { createUser, EmailTakenError, findUserForLogin, normaliseEmail, toPublicUser } from '../repositories/users.ts';
import { schemaRef } from '../schemas.ts';
import { canonicalEmail } from '../security/emailAddress.ts';
import { hashPassword, type ScryptCost, verifyPassword } from '../security/passwords.ts';
import type { WindowCounts } from '../security/windowCounts.ts';

export const SESSION_COOKIE = 'ic_session';
/** Not a secret: tells the page's script that asking /api/auth/me is worth a request. */
export const LOGGED_IN_HINT = 'ic_logged_in';
/** The same rules as the sign-up form (spec section 5), enforced again here. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 6;
const BAD_LOGIN = 'Invalid email or password.';

export interface AuthRouteOptions {
  db: Kysely<Database>;
  /** Wrong passwords per account, in every instance's shared counts: at most `max` per `windowMs`. */
  accountLimit: { counts: WindowCounts; max: number; windowMs: number; message: (resetInMs: number) => string } | false;
  scryptCost: ScryptCost;
  rateLimits: { login: { max: number; timeWindow: string }; signup: { max: number; timeWindow: string } } | false;
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
  reply.setCookie(LOGGED_IN_HINT, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { db } = options;
  // Compared against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
  const decoyHash = await hashPassword('not-a-real-password', options.scryptCost);
  const limit = (kind: 'login' | 'signup') => (options.rateLimits ? { rateLimit: options.rateLimits[kind] } : {});
  // One limit for both log-in paths (a second path must not double the allowance), counted in one bucket.
  const loginLimit = options.rateLimits ? app.rateLimit({ ...options.rateLimits.login, bucket: 'login' } as Parameters<typeof app.rateLimit>[0]) : undefined;

  app.post<{ Body: SignupRequest }>(
    '/api/auth/signup',
    { schema: { body: schemaRef('api/signup.request.schema.json'), response: { 201: schemaRef('api/auth.response.schema.json') } }, config: limit('signup') },
    async (request, reply) => {
      const fullName = request.body.fullName.trim();
      const email = request.body.email.trim();
      const { password } = request.body;
      const registrationNo = (request.body.registrationNo ?? '').trim();
      if (!fullName || !email || !password) return reply.code(400).send({ message: 'Please fill out all fields' });
      // Letters from other scripts that look like Latin ones would open a second account that reads like the first.
      if (!EMAIL_PATTERN.test(email) || !canonicalEmail(email)) return reply.code(400).send({ message: 'Invalid email format' });
      if (password.length < MIN_PASSWORD_LENGTH) return reply.code(400).send({ message: 'Password must be at least 6 characters' });
      try {
        const passwordHash = await hashPassword(password, options.scryptCost);
        const user = await createUser(db, { fullName, email, registrationNo, passwordHash });
        return reply.code(201).send({ message: 'Account created.', user });
      } catch (error) {
        if (error instanceof EmailTakenError) {
          return reply.code(409).send({ message: 'An account with this email already exists. Log in instead, or use another email.' });
        }
        throw error;
      }
    },
  );

  const login = async (request: FastifyRequest<{ Body: LoginRequest }>, reply: FastifyReply) => {
    const email = request.body.email.trim();
    const { password } = request.body;
    if (!email || !password) return reply.code(400).send({ message: 'Please enter both email and password' });
    // Wrong passwords are counted per account too (for any address, known or not): guessing one account's password
    // from many addresses stops there. Counted whether or not the account exists, so the answer says nothing about that.
    const accountKey = normaliseEmail(email);
    const accountLimit = options.accountLimit;
    if (accountLimit) {
      const { count, resetInMs } = await accountLimit.counts.read('login-failures', accountKey, accountLimit.windowMs);
      if (count >= accountLimit.max) {
        reply.header('retry-after', String(Math.ceil(resetInMs / 1000)));
        return reply.code(429).send({ message: accountLimit.message(resetInMs) });
      }
    }
    const user = await findUserForLogin(db, email);
    const valid = await verifyPassword(password, user?.password_hash ?? decoyHash);
    if (!user || !valid) {
      if (accountLimit) await accountLimit.counts.add('login-failures', accountKey, accountLimit.windowMs);
      return reply.code(401).send({ message: BAD_LOGIN });
    }
    const { token } = await createSession(db, user.id);
    setSessionCookie(request, reply, token);
    return reply.code(200).send({ message: 'Login successful!', user: toPublicUser(user) });
  };
  const loginOptions = {
    schema: { body: schemaRef('api/login.request.schema.json'), response: { 200: schemaRef('api/auth.response.schema.json') } },
    ...(loginLimit ? { onRequest: loginLimit } : {}),
  };
  app.post<{ Body: LoginRequest }>('/api/auth/login', loginOptions, login);
  // The path the spec's log-in form calls.
  app.post<{ Body: LoginRequest }>('/api/login', loginOptions, login);

  // Always 200: "nobody" is an answer, not an error (a 401 here would be a console error on every page).
  app.get('/api/auth/me', { schema: { response: { 200: schemaRef('api/me.response.schema.json') } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await userForSession(db, request.cookies[SESSION_COOKIE]);
    if (!user) {
      if (request.cookies[LOGGED_IN_HINT]) reply.clearCookie(LOGGED_IN_HINT, { path: '/' });
      return { message: 'You are not logged in.', user: null };
    }
    return { message: 'Logged in.', user };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await deleteSession(db, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
    reply.clearCookie(LOGGED_IN_HINT, { path: '/' });
    return { message: 'Logged out.' };
  });
}
