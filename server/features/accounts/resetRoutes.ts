import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { requireEmail, requireFilled, requirePasswordLength } from '../../http/formChecks.ts';
import { handle } from '../../http/routes.ts';
import { looksLikeToken, tokenHash } from '../../security/tokens.ts';
import { markAddressConfirmed, publicUserById } from './repository.ts';
import { resetLinkAccount, resetPassword } from './resets.repository.ts';
import { creditOnConfirmation } from './service.ts';
import { startSession } from './session.ts';

/**
 * 'Forgot password?': a single-use link that expires (its token stored only as
 * a hash), sent to the account's address. The request only queues the job
 * (mails.ts finds the account, if any), so the answer, and how long it takes,
 * never says whether an account uses the address or whether mail is up. Using
 * the link sets the new password, ends every session and logs the person in.
 * A link used or expired is 410 Gone.
 */
export async function resetRoutes(app: FastifyInstance): Promise<void> {
  const minutes = app.site.accounts.passwordResetMinutes;
  // Answers in the language of the page that asked (its Accept-Language).
  const words = (request: FastifyRequest) => app.sites[request.language].ui.serverAnswers;

  handle(app, 'passwordReset', async (request) => {
    const email = request.body.email.trim();
    requireFilled(email);
    requireEmail(email);
    await app.mailQueue.enqueue('password-reset', { email });
    return { message: words(request).resetLinkSent, expiresInMinutes: minutes };
  });

  handle(app, 'passwordResetConfirm', async (request, reply) => {
    const { token, password } = request.body;
    requirePasswordLength(password);
    // A dead link costs no hashing: checked before the work, and again, atomically, when it is used.
    if (!looksLikeToken(token) || (await resetLinkAccount(app.db, tokenHash(token))) === undefined) throw new ApiError('RESET_LINK_INVALID');
    const userId = await resetPassword(app.db, tokenHash(token), await app.passwords.hash(password));
    if (userId === undefined) throw new ApiError('RESET_LINK_INVALID');
    // The link came to the address: its owner has shown it is theirs.
    if (await markAddressConfirmed(app.db, userId)) await creditOnConfirmation(app, request, userId);
    await startSession(app, request, reply, userId);
    return { message: words(request).passwordReset, user: await publicUserById(app.db, userId) };
  });
}
