import type { FastifyInstance } from 'fastify';
import type { NewsletterRequest, NewsletterTokenRequest } from '../../../engine/types.ts';
import { ApiError } from '../../errors.ts';
import { requireEmail, requireFilled } from '../../http/formChecks.ts';
import { schemaRef } from '../../http/schemas.ts';
import { askForNewsletter, confirm, endByLink, registerNewsletterMails } from './service.ts';

/** The newsletter: ask (a confirmation link is mailed), confirm, unsubscribe from a page or in one click from a mail app. */
export async function newsletterFeature(app: FastifyInstance): Promise<void> {
  const words = app.site.ui.serverAnswers;
  const message = { 200: schemaRef('api/message.response.schema.json') };
  registerNewsletterMails(app);

  app.post<{ Body: NewsletterRequest }>(
    '/api/newsletter',
    { schema: { body: schemaRef('api/newsletter.request.schema.json'), response: message }, config: app.limits.route('newsletter') },
    async (request) => {
      const email = request.body.email.trim();
      requireFilled(email);
      requireEmail(email);
      await askForNewsletter(app, email, request.body.idempotencyKey);
      // The same answer whether or not the address was subscribed already: the mail tells its owner which.
      return { message: words.newsletterLinkSent };
    },
  );

  const tokenRoute = {
    schema: { body: schemaRef('api/newsletterToken.request.schema.json'), response: message },
    config: app.limits.route('newsletterLink'),
  };

  app.post<{ Body: NewsletterTokenRequest }>('/api/newsletter/confirm', tokenRoute, async (request) => {
    const confirmed = await confirm(app, request.body.token);
    if (!confirmed) throw new ApiError('LINK_INVALID');
    return { message: words.subscribed, email: confirmed.email };
  });

  app.post<{ Body: NewsletterTokenRequest }>('/api/newsletter/unsubscribe', tokenRoute, async (request) => {
    if (!(await endByLink(app, request.body.token))) throw new ApiError('LINK_INVALID');
    return { message: words.unsubscribed };
  });

  // RFC 8058 one-click: mail apps post "List-Unsubscribe=One-Click" as a form to the address in the header.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
    oneClick.post<{ Querystring: { token: string } }>(
      '/api/newsletter/one-click-unsubscribe',
      { schema: { querystring: schemaRef('api/newsletterToken.request.schema.json'), response: message }, config: app.limits.route('newsletterLink') },
      async (request) => {
        if (!(await endByLink(app, request.query.token))) throw new ApiError('LINK_INVALID');
        return { message: words.unsubscribed };
      },
    );
  });
}
