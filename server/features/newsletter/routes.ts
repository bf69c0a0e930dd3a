import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { requireEmail, requireFilled } from '../../http/formChecks.ts';
import { handle } from '../../http/routes.ts';
import { askForNewsletter, confirm, endByLink, registerNewsletterMails } from './service.ts';

/** The newsletter: ask (a confirmation link is mailed), confirm, unsubscribe from a page or in one click from a mail app. */
export async function newsletterFeature(app: FastifyInstance): Promise<void> {
  // Answers in the language of the page that asked (its Accept-Language).
  const words = (request: FastifyRequest) => app.sites[request.language].ui.serverAnswers;
  registerNewsletterMails(app);

  handle(app, 'newsletter', async (request) => {
    const email = request.body.email.trim();
    requireFilled(email);
    requireEmail(email);
    await askForNewsletter(app, email, request.body.idempotencyKey);
    // The same answer whether or not the address was subscribed already: the mail tells its owner which.
    return { message: words(request).newsletterLinkSent };
  });

  handle(app, 'newsletterConfirm', async (request) => {
    const confirmed = await confirm(app, request.body.token);
    if (!confirmed) throw new ApiError('LINK_INVALID');
    return { message: words(request).subscribed, email: confirmed.email };
  });

  handle(app, 'newsletterUnsubscribe', async (request) => {
    if (!(await endByLink(app, request.body.token))) throw new ApiError('LINK_INVALID');
    return { message: words(request).unsubscribed };
  });

  // RFC 8058 one-click: mail apps post "List-Unsubscribe=One-Click" as a form to the address in the header.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    handle(oneClick, 'newsletterOneClickUnsubscribe', async (request) => {
      if (!(await endByLink(app, request.query.token))) throw new ApiError('LINK_INVALID');
      return { message: words(request).unsubscribed };
    });
  });
}
