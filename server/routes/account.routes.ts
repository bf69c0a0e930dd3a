import type { FastifyInstance, FastifyReply } from 'fastify';
import { MIN_PASSWORD_LENGTH } from '../../engine/shared/formRules.ts';
import type { AccountDeleteRequest, AccountDetailsRequest, AccountNewsletterRequest, PasswordChangeRequest } from '../../engine/types.ts';
import { limit, type MemberContext, requireUser } from '../accounts/context.ts';
import { accountExport, accountOverview, accountRow, deleteAccount, setPasswordHash, updateAccountDetails } from '../repositories/accounts.ts';
import { unsubscribe } from '../repositories/newsletter.ts';
import { deleteOtherSessions } from '../repositories/sessions.ts';
import { normaliseEmail } from '../repositories/users.ts';
import { schemaRef } from '../schemas.ts';
import { hashPassword, type ScryptCost, verifyPassword } from '../security/passwords.ts';
import { type AuthRouteOptions, clearSessionCookies, SESSION_COOKIE } from './auth.routes.ts';
import { askForNewsletter } from './newsletter.routes.ts';

export interface AccountRouteOptions extends MemberContext {
  scryptCost: ScryptCost;
  /** Wrong passwords per account, shared with log-in: a stolen session cannot be used to guess the password here instead. */
  accountLimit: AuthRouteOptions['accountLimit'];
}

const WRONG_PASSWORD = 'That is not your current password.';

/**
 * The logged-in member's own account: read, correct, change the password,
 * choose the newsletter, download everything held, delete it all. Every
 * route answers only to the session cookie's owner, and never is cached.
 */
export async function accountRoutes(app: FastifyInstance, options: AccountRouteOptions): Promise<void> {
  const { db } = options;
  const read = limit(options, 30, '1 minute');
  const write = limit(options, 10, '1 minute');
  // Routes that check a password are a way to guess it: fewer tries.
  const checked = limit(options, 5, '1 minute');
  const message = { 200: schemaRef('api/message.response.schema.json') };

  /** The member's password checked as log-in checks it: refused while the account's wrong-password allowance is spent, and a wrong one counted. */
  const passwordIsRight = async (user: { id: number; email: string }, password: string, reply: FastifyReply): Promise<boolean> => {
    const limit = options.accountLimit;
    const key = normaliseEmail(user.email);
    if (limit) {
      const { count, resetInMs } = await limit.counts.read('login-failures', key, limit.windowMs);
      if (count >= limit.max) {
        await reply
          .header('retry-after', String(Math.ceil(resetInMs / 1000)))
          .code(429)
          .send({ message: limit.message(resetInMs) });
        return false;
      }
    }
    const row = await accountRow(db, user.id);
    if (row && (await verifyPassword(password, row.password_hash))) return true;
    if (limit) await limit.counts.add('login-failures', key, limit.windowMs);
    await reply.code(400).send({ message: WRONG_PASSWORD });
    return false;
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/account', { schema: { response: { 200: schemaRef('api/account.response.schema.json') } }, config: read }, async (request, reply) => {
    const user = await requireUser(options, request, reply);
    if (!user) return reply;
    return accountOverview(db, user.id);
  });

  app.get('/api/account/export', { config: read }, async (request, reply) => {
    const user = await requireUser(options, request, reply);
    if (!user) return reply;
    const data = await accountExport(db, user.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="${options.settings.name.replace(/[^A-Za-z0-9-]/g, '')}-my-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify(data, null, 2)}\n`);
  });

  app.post<{ Body: AccountDetailsRequest }>(
    '/api/account/details',
    { schema: { body: schemaRef('api/accountDetails.request.schema.json'), response: message }, config: write },
    async (request, reply) => {
      const user = await requireUser(options, request, reply);
      if (!user) return reply;
      const fullName = request.body.fullName.trim();
      if (!fullName) return reply.code(400).send({ message: 'Please fill out all fields' });
      await updateAccountDetails(db, user.id, { fullName, registrationNo: request.body.registrationNo.trim() });
      return { message: 'Your details are saved.' };
    },
  );

  app.post<{ Body: PasswordChangeRequest }>(
    '/api/account/password',
    { schema: { body: schemaRef('api/passwordChange.request.schema.json'), response: message }, config: checked },
    async (request, reply) => {
      const user = await requireUser(options, request, reply);
      if (!user) return reply;
      const { currentPassword, newPassword } = request.body;
      if (!currentPassword || !newPassword) return reply.code(400).send({ message: 'Please fill out all fields' });
      if (newPassword.length < MIN_PASSWORD_LENGTH) return reply.code(400).send({ message: 'Password must be at least 6 characters' });
      if (!(await passwordIsRight(user, currentPassword, reply))) return reply;
      await setPasswordHash(db, user.id, await hashPassword(newPassword, options.scryptCost));
      await deleteOtherSessions(db, user.id, request.cookies[SESSION_COOKIE]);
      return { message: 'Your password is changed.' };
    },
  );

  app.post<{ Body: AccountNewsletterRequest }>(
    '/api/account/newsletter',
    { schema: { body: schemaRef('api/accountNewsletter.request.schema.json'), response: message }, config: write },
    async (request, reply) => {
      const user = await requireUser(options, request, reply);
      if (!user) return reply;
      if (!request.body.subscribe) {
        await unsubscribe(db, { email: user.email });
        return { message: 'You are unsubscribed.' };
      }
      // The account's address was never proved to be its owner's: it is confirmed by mail like any other.
      if (!(await askForNewsletter(options, request, user.email, request.body.idempotencyKey))) {
        return reply.code(503).send({ message: 'We could not send the confirmation e-mail. Please try again in a minute.' });
      }
      return { message: 'We have sent a link to your address. The subscription starts when it is opened.' };
    },
  );

  app.post<{ Body: AccountDeleteRequest }>(
    '/api/account/delete',
    { schema: { body: schemaRef('api/accountDelete.request.schema.json'), response: message }, config: checked },
    async (request, reply) => {
      const user = await requireUser(options, request, reply);
      if (!user) return reply;
      if (!(await passwordIsRight(user, request.body.password, reply))) return reply;
      await deleteAccount(db, user.id);
      clearSessionCookies(request, reply);
      return { message: 'Your account is deleted.' };
    },
  );
}
