import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LOGGED_IN_HINT, SESSION_COOKIE } from '../../../engine/shared/cookies.ts';
import { LANGUAGES, type Language } from '../../../engine/shared/language.ts';
import { ApiError } from '../../errors.ts';
import { requireEmail, requireFilled, requirePasswordLength } from '../../http/formChecks.ts';
import { handle, type RouteRequest } from '../../http/routes.ts';
import { newReferralCode, referralClient, referrerOf } from '../referrals/index.ts';
import { rememberDevice } from './device.ts';
import { createUser, EmailTakenError, findUserByEmail, setMemberLanguage, toPublicUser } from './repository.ts';
import { loginCounter, type PasswordCheck } from './service.ts';
import { clearSessionCookies, startSession } from './session.ts';
import { deleteSession } from './sessions.repository.ts';

/** Sign-up, log-in (both paths), who is logged in, log-out. */
export async function authRoutes(app: FastifyInstance, { passwords }: { passwords: PasswordCheck }): Promise<void> {
  // Answers in the language of the page that asked (its Accept-Language).
  const words = (request: FastifyRequest) => app.sites[request.language].ui.serverAnswers;

  handle(app, 'signup', async (request, reply) => {
    const fullName = request.body.fullName.trim();
    const email = request.body.email.trim();
    const { password } = request.body;
    requireFilled(fullName, email, password);
    requireEmail(email);
    requirePasswordLength(password);
    const passwordHash = await app.passwords.hash(password);
    // A friend's link is remembered; its owner is credited once this address is confirmed (referrals/service.ts).
    const referredBy = await referrerOf(app.db, request.body.ref);
    let user: Awaited<ReturnType<typeof createUser>>;
    try {
      user = await createUser(
        app.db,
        {
          fullName,
          email,
          registrationNo: (request.body.registrationNo ?? '').trim(),
          passwordHash,
          referredBy,
          signupClient: referralClient(app, request),
          // The page she signed up on says its language: her mails are written in it.
          language: request.language,
        },
        newReferralCode,
      );
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ApiError('EMAIL_TAKEN');
      throw error;
    }
    await app.mailQueue.enqueue('account-confirm', { userId: user.id });
    // The new member is logged in at once, as the spec has it.
    await startSession(app, request, reply, user.id);
    rememberDevice(app, request, reply, email);
    reply.code(201);
    return { message: words(request).accountCreated, user };
  });

  const login = async (request: RouteRequest<'login' | 'specLogin'>, reply: FastifyReply) => {
    const email = request.body.email.trim();
    const { password } = request.body;
    if (!email || !password) throw new ApiError('LOGIN_FIELDS_MISSING');
    const user = await findUserByEmail(app.db, email);
    if (!(await passwords.check(loginCounter(app, request, email), user?.password_hash, password)) || !user) throw new ApiError('LOGIN_FAILED');
    await startSession(app, request, reply, user.id);
    rememberDevice(app, request, reply, email);
    return { message: words(request).loginSuccessful, user: toPublicUser(user) };
  };
  handle(app, 'login', login);
  // The path the spec's log-in form calls (one allowance with the other: the catalogue's shared limit).
  handle(app, 'specLogin', login);

  // Always 200: "nobody" is an answer, not an error (a 401 here would be a console error on every page).
  handle(app, 'me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.member) {
      if (request.cookies[LOGGED_IN_HINT]) reply.clearCookie(LOGGED_IN_HINT, { path: '/' });
      return { message: words(request).nobodyLoggedIn, user: null };
    }
    // A language chosen with the switch (its cookie) becomes the account's, so her mails follow her choice.
    const chosen = request.cookies[LANGUAGE_COOKIE];
    if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) await setMemberLanguage(app.db, request.member.id, chosen as Language);
    return { message: words(request).loggedIn, user: request.member };
  });

  handle(app, 'logout', async (request, reply) => {
    await deleteSession(app.db, request.cookies[SESSION_COOKIE]);
    clearSessionCookies(request, reply);
    return { message: words(request).loggedOut };
  });
}
