import type { FastifyInstance } from 'fastify';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '../../engine/shared/formRules.ts';
import type { PasswordResetConfirmRequest, PasswordResetRequest } from '../../engine/types.ts';
import { limit, type MemberContext, siteLink, trySend } from '../accounts/context.ts';
import { looksLikeToken } from '../accounts/tokens.ts';
import { createPasswordReset, resetLinkAccount, resetPassword } from '../repositories/passwordResets.ts';
import { createSession } from '../repositories/sessions.ts';
import { findUserForLogin, toPublicUser } from '../repositories/users.ts';
import { schemaRef } from '../schemas.ts';
import { canonicalEmail } from '../security/emailAddress.ts';
import { hashPassword, type ScryptCost } from '../security/passwords.ts';
import { setSessionCookie } from './auth.routes.ts';

export interface PasswordResetRouteOptions extends MemberContext {
  scryptCost: ScryptCost;
}

const BAD_LINK = 'This reset link has expired or has already been used. Ask for a new one.';

/**
 * 'Forgot password?': a single-use link that expires (its token stored only as
 * a hash), sent to the account's address. The answer never says whether an
 * account uses the address. Using the link sets the new password, ends every
 * session and logs the person in. A link used or expired is 410 Gone.
 */
export async function passwordResetRoutes(app: FastifyInstance, options: PasswordResetRouteOptions): Promise<void> {
  const { db } = options;
  const minutes = options.settings.accounts.passwordResetMinutes;

  app.post<{ Body: PasswordResetRequest }>(
    '/api/auth/password-reset',
    {
      schema: { body: schemaRef('api/passwordReset.request.schema.json'), response: { 200: schemaRef('api/message.response.schema.json') } },
      config: limit(options, 5, '15 minutes'),
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!email) return reply.code(400).send({ message: 'Please fill out all fields' });
      // Look-alike letters from other scripts are refused, as at sign-up (security/emailAddress.ts).
      if (!EMAIL_PATTERN.test(email) || !canonicalEmail(email)) return reply.code(400).send({ message: 'Invalid email format' });
      const user = await findUserForLogin(db, email);
      const token = user ? await createPasswordReset(db, user.id, minutes) : undefined;
      if (user && token) {
        const link = siteLink(options, `${options.settings.accounts.passwordResetPage}?token=${token}`);
        if (!(await trySend(options, request, options.mails.passwordReset(user.email, user.full_name, link, minutes)))) {
          return reply.code(503).send({ message: 'We could not send the e-mail just now. Please try again in a minute.' });
        }
      }
      return { message: 'If an account uses this address, a link to reset its password is on its way.', expiresInMinutes: minutes };
    },
  );

  app.post<{ Body: PasswordResetConfirmRequest }>(
    '/api/auth/password-reset/confirm',
    {
      schema: { body: schemaRef('api/passwordResetConfirm.request.schema.json'), response: { 200: schemaRef('api/auth.response.schema.json') } },
      config: limit(options, 10, '1 minute'),
    },
    async (request, reply) => {
      const { token, password } = request.body;
      if (password.length < MIN_PASSWORD_LENGTH) return reply.code(400).send({ message: 'Password must be at least 6 characters' });
      // A dead link costs no hashing: checked before the work, and again, atomically, when it is used.
      if (!looksLikeToken(token) || (await resetLinkAccount(db, token)) === undefined) return reply.code(410).send({ message: BAD_LINK });
      const userId = await resetPassword(db, token, await hashPassword(password, options.scryptCost));
      if (userId === undefined) return reply.code(410).send({ message: BAD_LINK });
      const { token: session } = await createSession(db, userId);
      setSessionCookie(request, reply, session);
      const user = await db.selectFrom('users').select(['id', 'full_name', 'email', 'registration_no']).where('id', '=', userId).executeTakeFirstOrThrow();
      return { message: 'Your password is changed and you are logged in.', user: toPublicUser(user) };
    },
  );
}
