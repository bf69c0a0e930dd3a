import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../engine/shared/cookies.ts';
import { fill, fillCount } from '../../../engine/shared/fill.ts';
import { ApiError } from '../../errors.ts';
import { requireFilled, requirePasswordLength } from '../../http/formChecks.ts';
import { handle } from '../../http/routes.ts';
import { looksLikeToken, tokenHash } from '../../security/tokens.ts';
import { deleteApplicationsOf } from '../applications/index.ts';
import { askForNewsletter, unsubscribe } from '../newsletter/index.ts';
import { forgetOrdersOf } from '../payments/index.ts';
import { accountRow, deleteAccount, setPasswordHash, updateAccountDetails } from './repository.ts';
import { voidResetLinks } from './resets.repository.ts';
import { accountExport, accountOverview, confirmAddress, type PasswordCheck } from './service.ts';
import { clearSessionCookies, memberOf } from './session.ts';
import { endEverySession } from './sessions.repository.ts';

/**
 * The logged-in member's own account: read, correct, change the password,
 * choose the newsletter, download everything held, delete it all. Every route
 * answers only to the session's owner (the catalogue's access: member), and is never cached.
 */
export async function accountRoutes(app: FastifyInstance, { passwords }: { passwords: PasswordCheck }): Promise<void> {
  // Answers in the language of the page that asked (its Accept-Language).
  const words = (request: FastifyRequest) => app.sites[request.language].ui.serverAnswers;

  /**
   * The member's own password, checked as log-in checks it, with wrong ones counted against this session alone:
   * a stranger's guesses at the log-in never stop the owner changing their password or deleting the account.
   */
  const requireOwnPassword = async (request: FastifyRequest, userId: number, password: string) => {
    const row = await accountRow(app.db, userId);
    const session = createHash('sha256')
      .update(request.cookies[SESSION_COOKIE] ?? '')
      .digest('hex');
    if (!(await passwords.check({ bucket: 'session-wrong-passwords', key: session }, row?.password_hash, password))) throw new ApiError('WRONG_PASSWORD');
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  handle(app, 'account', async (request) => accountOverview(app, memberOf(request).id));

  handle(app, 'accountExport', async (request, reply) => {
    const data = await accountExport(app, memberOf(request).id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="${app.site.name.replace(/[^A-Za-z0-9-]/g, '')}-my-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(`${JSON.stringify(data, null, 2)}\n`);
  });

  handle(app, 'accountDetails', async (request) => {
    const fullName = request.body.fullName.trim();
    requireFilled(fullName);
    await updateAccountDetails(app.db, memberOf(request).id, { fullName, registrationNo: request.body.registrationNo.trim() });
    return { message: words(request).detailsSaved };
  });

  handle(app, 'accountPassword', async (request) => {
    const user = memberOf(request);
    const { currentPassword, newPassword } = request.body;
    requireFilled(currentPassword, newPassword);
    requirePasswordLength(newPassword);
    await requireOwnPassword(request, user.id, currentPassword);
    await setPasswordHash(app.db, user.id, await app.passwords.hash(newPassword));
    // Other devices log in again (the staff console too), and a reset link asked for before (by anyone) no longer undoes the change.
    await endEverySession(app.db, user.id, request.cookies[SESSION_COOKIE]);
    await voidResetLinks(app.db, user.id);
    return { message: words(request).passwordChanged };
  });

  handle(app, 'accountNewsletter', async (request) => {
    const user = memberOf(request);
    // Until the address is shown to be the member's, it may be someone else's: its subscription is not theirs to change.
    if ((await accountRow(app.db, user.id))?.email_confirmed_at == null) throw new ApiError('EMAIL_NOT_CONFIRMED');
    if (!request.body.subscribe) {
      await unsubscribe(app.db, { email: user.email });
      return { message: words(request).unsubscribed };
    }
    // A subscription is confirmed by its own link, like any other: one double opt-in for every address.
    await askForNewsletter(app, user.email, request.body.idempotencyKey);
    return { message: words(request).accountNewsletterLinkSent };
  });

  /** A new confirmation link, for a member whose first one was lost (the queue holds the address to its daily number of mails). */
  handle(app, 'accountConfirmation', async (request) => {
    const user = memberOf(request);
    const row = await accountRow(app.db, user.id);
    if (row?.email_confirmed_at == null) {
      // The member's own address: saying that today's mails are spent tells them nothing about anyone else, and
      // "on its way" would not be true.
      const cap = await app.mailQueue.dailyCapSpent(user.email);
      if (cap.spent) throw new ApiError('MAIL_CAP_REACHED', { wait: fillCount(app.site.ui.serverErrors.hours, Math.ceil(cap.resetInMs / 3_600_000)) });
      await app.mailQueue.enqueue('account-confirm', { userId: user.id });
    }
    return { message: fill(words(request).confirmationSent, { email: user.email }) };
  });

  // The link from the confirmation mail: no log-in needed (it may be opened on another device); the token is the proof.
  handle(app, 'confirmEmail', async (request) => {
    const { token } = request.body;
    const userId = looksLikeToken(token) ? await confirmAddress(app, request, tokenHash(token)) : undefined;
    if (userId === undefined) throw new ApiError('CONFIRM_LINK_INVALID');
    return { message: words(request).emailConfirmed };
  });

  handle(app, 'accountDelete', async (request, reply) => {
    const user = memberOf(request);
    await requireOwnPassword(request, user.id, request.body.password);
    // Her applications and résumés go with her (her other enquiries are unlinked and kept their year, as the privacy policy says).
    await deleteApplicationsOf(app.db, user.id);
    // Her orders lose her name, address and PAN, but for receipts issued: the tax law makes us keep those (repository.ts).
    await forgetOrdersOf(app.db, user.id, new Date().toISOString());
    await deleteAccount(app.db, user.id);
    clearSessionCookies(request, reply);
    return { message: words(request).accountDeleted };
  });
}
