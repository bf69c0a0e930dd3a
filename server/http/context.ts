/**
 * What every handler reaches through Fastify's decorators instead of options
 * threaded by hand: the database, the site's words and settings, mail, the
 * password hasher, the limits, the link signer; and, on the request, the
 * logged-in member (set by one hook, before the body is read, for routes that ask for it in their
 * config: `member: 'required'` answers 401 without one, `'optional'` reads it).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Language } from '../../engine/shared/language.ts';
import type { PublicUser, SiteSettings } from '../../engine/types.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Limits } from '../limits/limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailComposer } from '../mail/messages.ts';
import type { MailQueue } from '../mail/queue.ts';
import type { HashingQueue } from '../security/hashingQueue.ts';
import type { PasswordHasher } from '../security/passwords.ts';
import type { LinkSigner } from '../security/tokens.ts';
import { requestLanguage } from '../siteSettings.ts';

export interface ServerContext {
  database: DatabaseHandle;
  /** data/site.json: the site's name, addresses and every word the server answers with. */
  site: SiteSettings;
  /** The same settings in every language (server/siteSettings.ts): answers and mails in the reader's. */
  sites: Record<Language, SiteSettings>;
  mailer: Mailer;
  /** The mails in English; mailsIn for a member's own language. */
  mails: MailComposer;
  mailsIn: (language: Language) => MailComposer;
  /** Every mail goes through it (mail/queue.ts). */
  mailQueue: MailQueue;
  passwords: PasswordHasher;
  hashing: HashingQueue;
  limits: Limits;
  links: LinkSigner;
  /** The site's public address, for links in mails (never the request's Host header, which a client chooses). */
  publicUrl: string;
  /** The project folder: data/ is read from it. */
  root: string;
}

declare module 'fastify' {
  interface FastifyInstance extends Omit<ServerContext, 'database'> {
    db: Kysely<Database>;
    database: DatabaseHandle;
  }
  interface FastifyRequest {
    /** The logged-in member, for routes whose config asks (member: 'required' | 'optional'); null otherwise. */
    member: PublicUser | null;
    /** The language the page that asked reads in (its Accept-Language: the site's pages say theirs); English otherwise. */
    language: Language;
  }
  interface FastifyContextConfig {
    member?: 'required' | 'optional';
  }
}

export function decorate(app: FastifyInstance, context: ServerContext): void {
  app.decorate('db', context.database.db);
  for (const [name, value] of Object.entries(context)) app.decorate(name, value);
  app.decorateRequest('member', null);
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = requestLanguage(request.headers['accept-language']);
  });
}
