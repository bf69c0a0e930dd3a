import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_PATTERN } from '../../engine/shared/formRules.ts';
import type { NewsletterRequest, NewsletterTokenRequest } from '../../engine/types.ts';
import { limit, type MemberContext, siteLink, trySend } from '../accounts/context.ts';
import { looksLikeToken, UNSUBSCRIBE_PURPOSE } from '../accounts/tokens.ts';
import { CONFIRM_DAYS, confirmSubscription, forgetRequestKey, requestSubscription, unsubscribe } from '../repositories/newsletter.ts';
import { schemaRef } from '../schemas.ts';
import { canonicalEmail } from '../security/emailAddress.ts';

const BAD_LINK = 'This link has expired or is not valid.';
const NOT_SENT = 'We could not send the confirmation e-mail, so you are not subscribed yet. Please try again in a minute.';

/** The two unsubscribe links of every newsletter mail: a page with a button, and RFC 8058's one-click address for mail apps. */
export function unsubscribeLinks(context: MemberContext, subscriptionId: number) {
  const token = context.signer.sign(UNSUBSCRIBE_PURPOSE, subscriptionId);
  return {
    page: siteLink(context, `${context.settings.accounts.newsletterPage}?unsubscribe=${token}`),
    oneClick: siteLink(context, `/api/newsletter/one-click-unsubscribe?token=${token}`),
  };
}

/**
 * Sends what a newsletter request calls for: the confirmation link (double
 * opt-in: nothing is subscribed until it is followed), or a note that the
 * address is already subscribed; nothing for a repeat of the same request.
 * False when a mail was due and could not be sent.
 */
export async function askForNewsletter(context: MemberContext, request: FastifyRequest, email: string, requestKey: string): Promise<boolean> {
  const asked = await requestSubscription(context.db, email, requestKey);
  if (asked.outcome === 'repeat') return true;
  const links = unsubscribeLinks(context, asked.id);
  const mail =
    asked.outcome === 'confirm'
      ? context.mails.newsletterConfirm(email, siteLink(context, `${context.settings.accounts.newsletterPage}?confirm=${asked.token}`), CONFIRM_DAYS, links)
      : context.mails.newsletterAlready(email, links);
  const sent = await trySend(context, request, mail);
  if (!sent) await forgetRequestKey(context.db, asked.id);
  return sent;
}

export async function newsletterRoutes(app: FastifyInstance, context: MemberContext): Promise<void> {
  const { db } = context;
  const message = { 200: schemaRef('api/message.response.schema.json') };

  app.post<{ Body: NewsletterRequest }>(
    '/api/newsletter',
    { schema: { body: schemaRef('api/newsletter.request.schema.json'), response: message }, config: limit(context, 5, '1 minute') },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!email) return reply.code(400).send({ message: 'Please fill out all fields' });
      // Look-alike letters from other scripts are refused, as at sign-up (security/emailAddress.ts).
      if (!EMAIL_PATTERN.test(email) || !canonicalEmail(email)) return reply.code(400).send({ message: 'Invalid email format' });
      if (!(await askForNewsletter(context, request, email, request.body.idempotencyKey))) return reply.code(503).send({ message: NOT_SENT });
      // The same answer whether or not the address was subscribed already: the mail tells its owner which.
      return { message: 'We have sent a link to this address. The subscription starts when it is opened.' };
    },
  );

  const tokenRoute = { schema: { body: schemaRef('api/newsletterToken.request.schema.json'), response: message }, config: limit(context, 20, '1 minute') };

  app.post<{ Body: NewsletterTokenRequest }>('/api/newsletter/confirm', tokenRoute, async (request, reply) => {
    const confirmed = looksLikeToken(request.body.token) ? await confirmSubscription(db, request.body.token) : undefined;
    if (!confirmed) return reply.code(410).send({ message: BAD_LINK });
    return { message: 'You are subscribed.', email: confirmed.email };
  });

  const end = async (token: string) => {
    const id = context.signer.verify(UNSUBSCRIBE_PURPOSE, token);
    if (!id || !/^\d+$/.test(id)) return false;
    // Already gone is as good as done: the link may be followed twice.
    await unsubscribe(db, { id: Number(id) });
    return true;
  };

  app.post<{ Body: NewsletterTokenRequest }>('/api/newsletter/unsubscribe', tokenRoute, async (request, reply) => {
    if (!(await end(request.body.token))) return reply.code(410).send({ message: BAD_LINK });
    return { message: 'You are unsubscribed.' };
  });

  // RFC 8058 one-click: mail apps post "List-Unsubscribe=One-Click" as a form to the address in the header.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
    oneClick.post<{ Querystring: { token: string } }>(
      '/api/newsletter/one-click-unsubscribe',
      {
        schema: { querystring: schemaRef('api/newsletterToken.request.schema.json'), response: message },
        config: limit(context, 20, '1 minute'),
      },
      async (request, reply) => {
        if (!(await end(request.query.token))) return reply.code(410).send({ message: BAD_LINK });
        return { message: 'You are unsubscribed.' };
      },
    );
  });
}
