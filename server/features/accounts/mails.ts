import type { FastifyInstance } from 'fastify';
import { siteLink } from '../../mail/mailer.ts';
import { newToken } from '../../security/tokens.ts';
import { createConfirmation } from './confirmations.repository.ts';
import { accountRow, findUserByEmail } from './repository.ts';
import { createPasswordReset, RESETS_PER_HOUR } from './resets.repository.ts';
import { isAddressConfirmed } from './service.ts';

const HOUR = 60 * 60_000;

/**
 * The accounts' mails, composed when the queue sends them (server/mail/queue.ts):
 * each link's token is made then, so only its hash is ever stored, and the
 * request that asked answers alike whether or not a mail is due.
 */
export function registerAccountMails(app: FastifyInstance): void {
  const { accounts } = app.site;
  app.mailQueue.confirmWith((address) => isAddressConfirmed(app.db, address));

  app.mailQueue.handle('account-confirm', async (payload) => {
    const user = await accountRow(app.db, Number(payload['userId']));
    if (!user) return { skip: 'the account is gone' };
    if (user.email_confirmed_at) return { skip: 'the address is confirmed already' };
    const link = newToken();
    await createConfirmation(app.db, user.id, link.hash, accounts.confirmEmailDays);
    const url = siteLink(app.publicUrl, `${app.sites[user.language].accounts.confirmEmailPage}?token=${link.token}`);
    // In her language: the link opens the confirmation page in it.
    return { mail: app.mailsIn(user.language).accountConfirm(user.email, url, accounts.confirmEmailDays) };
  });

  // Asked for by address: whether an account uses it is found out here, in the queue, never in the request's answer or time.
  app.mailQueue.handle('password-reset', async (payload) => {
    const user = await findUserByEmail(app.db, String(payload['email']));
    if (!user) return { skip: 'no account uses the address' };
    // The hour's links are spent before one is made, by one count whose answer decides (limits/counts.ts): two
    // instances sending at once cannot both find the account under its number.
    const spent = await app.limits.counts.add('password-resets', String(user.id), HOUR);
    if (spent.count > RESETS_PER_HOUR) return { skip: 'the account has had its resets for the hour' };
    const link = newToken();
    await createPasswordReset(app.db, user.id, link.hash, accounts.passwordResetMinutes);
    const url = siteLink(app.publicUrl, `${app.sites[user.language].accounts.passwordResetPage}?token=${link.token}`);
    const confirmed = user.email_confirmed_at !== null;
    // The name was typed by whoever opened the account: it goes into a mail only once the address is shown to be theirs.
    const name = confirmed ? user.full_name : undefined;
    return { mail: app.mailsIn(user.language).passwordReset(user.email, name, url, accounts.passwordResetMinutes) };
  });
}
