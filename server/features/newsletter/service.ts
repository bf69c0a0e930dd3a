import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../engine/shared/apiRoutes.ts';
import { siteLink } from '../../mail/mailer.ts';
import { looksLikeToken, newToken, tokenHash, UNSUBSCRIBE_PURPOSE } from '../../security/tokens.ts';
import { CONFIRM_DAYS, confirmSubscription, newConfirmToken, requestSubscription, subscriptionById, unsubscribe } from './repository.ts';

/** The two unsubscribe links of every newsletter mail: a page with a button, and RFC 8058's one-click address for mail apps. */
export function unsubscribeLinks(app: Pick<FastifyInstance, 'links' | 'publicUrl' | 'site'>, subscriptionId: number) {
  const token = app.links.sign(UNSUBSCRIBE_PURPOSE, subscriptionId);
  return {
    page: siteLink(app.publicUrl, `${app.site.accounts.newsletterPage}?unsubscribe=${token}`),
    oneClick: siteLink(app.publicUrl, `${apiRoutes.newsletterOneClickUnsubscribe.path}?token=${token}`),
  };
}

/**
 * Queues what a newsletter request calls for: the confirmation link (double
 * opt-in: nothing is subscribed until it is followed), or a note that the
 * address is already subscribed; nothing for a repeat of the same request.
 * The answer is the same in every case: the mail tells the address's owner which.
 */
export async function askForNewsletter(app: FastifyInstance, email: string, requestKey: string): Promise<void> {
  const asked = await requestSubscription(app.db, email, requestKey);
  if (asked.outcome === 'repeat') return;
  await app.mailQueue.enqueue(asked.outcome === 'confirm' ? 'newsletter-confirm' : 'newsletter-already', { subscriptionId: asked.id });
}

/** The newsletter's mails, composed when the queue sends them: the confirmation link's token is made then, so only its hash is kept. */
export function registerNewsletterMails(app: FastifyInstance): void {
  app.mailQueue.handle('newsletter-confirm', async (payload) => {
    const id = Number(payload['subscriptionId']);
    const link = newToken();
    const pending = await newConfirmToken(app.db, id, link.hash);
    if (!pending) return { skip: 'the request is gone or confirmed' };
    const url = siteLink(app.publicUrl, `${app.site.accounts.newsletterPage}?confirm=${link.token}`);
    return { mail: app.mails.newsletterConfirm(pending.email, url, CONFIRM_DAYS, unsubscribeLinks(app, id)) };
  });
  app.mailQueue.handle('newsletter-already', async (payload) => {
    const subscription = await subscriptionById(app.db, Number(payload['subscriptionId']));
    if (subscription?.status !== 'subscribed') return { skip: 'no longer subscribed' };
    return { mail: app.mails.newsletterAlready(subscription.email, unsubscribeLinks(app, subscription.id)) };
  });
}

/** Follows a confirmation link: the address subscribed, or undefined when the link is not good. */
export async function confirm(app: FastifyInstance, token: string) {
  return looksLikeToken(token) ? confirmSubscription(app.db, tokenHash(token)) : undefined;
}

/** Ends the subscription an unsubscribe link names; false when the link was not made here. Already gone is as good as done. */
export async function endByLink(app: FastifyInstance, token: string): Promise<boolean> {
  const id = app.links.verify(UNSUBSCRIBE_PURPOSE, token);
  if (!id || !/^\d+$/.test(id)) return false;
  await unsubscribe(app.db, { id: Number(id) });
  return true;
}
