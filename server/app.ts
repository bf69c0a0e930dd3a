import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language, LOCALES } from '../engine/shared/language.ts';
import type { Applyable } from '../engine/types.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ApiError } from './errors.ts';
import { memberHook } from './features/accounts/index.ts';
import { accountsFeature } from './features/accounts/routes.ts';
import { catalogueOf, releaseCatalogue } from './features/applications/index.ts';
import { applicationsFeature } from './features/applications/routes.ts';
import { certificatePageData } from './features/certificates/index.ts';
import { certificatesFeature } from './features/certificates/routes.ts';
import { enquiriesFeature } from './features/enquiries/routes.ts';
import { newsletterFeature } from './features/newsletter/routes.ts';
import { pagesFeature } from './features/pages/routes.ts';
import { merchantOf, type PayablesCatalogue, readPayables, upiProvider } from './features/payments/index.ts';
import { paymentsFeature } from './features/payments/routes.ts';
import { staffFeature } from './features/staff/routes.ts';
import { decorate } from './http/context.ts';
import { setErrorHandler } from './http/errorHandler.ts';
import { healthRoutes, refuseWritesWhenUnwritable } from './http/health.ts';
import { API_BODY_LIMIT, createServer, type HttpOptions } from './http/server.ts';
import { type Allowances, allowancesWith } from './limits/allowances.ts';
import { limitCounts } from './limits/counts.ts';
import { createLimits, registerRateLimits } from './limits/limits.ts';
import { createMailer, defaultOutboxDir, type Mailer } from './mail/mailer.ts';
import { type MailComposer, mailComposer } from './mail/messages.ts';
import { mailQueue } from './mail/queue.ts';
import { defaultHashingLimits, type HashingLimits, hashingQueue } from './security/hashingQueue.ts';
import { OWASP_SCRYPT, passwordHasher, type ScryptCost } from './security/passwords.ts';
import { linkSigner } from './security/tokens.ts';
import { readSiteSettings, readSiteSettingsByLanguage } from './siteSettings.ts';

export interface AppOptions extends HttpOptions {
  database: DatabaseHandle;
  /** The build output (dist/ with client/ and prerender-manifest.json); leave out to serve only the API. */
  distDir?: string | undefined;
  /** false lifts every per-client and per-account limit (RATE_LIMITS=off: benchmarks and browser tests only). */
  rateLimits?: boolean;
  /** Changes to the allowances of limits/allowances.ts (LOOKUP_BUDGET; tests). */
  allowances?: Partial<Allowances>;
  scryptCost?: ScryptCost;
  /** Passwords hashed at once and waiting (HASH_CONCURRENCY, HASH_QUEUE). */
  hashing?: HashingLimits;
  /** Project root, where data/site.json is. */
  root?: string;
  /** The credential signing key as a private JWK; by default one made on first start and kept in the database. */
  signingKey?: string | undefined;
  /** Where the site's mail goes; by default written to .data/outbox under the root. */
  mailer?: Mailer;
  /** The site's public address for links in mails; data/site.json's siteUrl by default. */
  publicUrl?: string | undefined;
  /** How long a staff console session lasts (STAFF_SESSION_MINUTES; 480 by default). */
  staffSessionMinutes?: number;
  /** The form new certificate IDs must take (CERTIFICATE_ID_PATTERN), for the staff console's issuing. */
  certificateIdPattern?: string;
  /** What can be applied for, when there is no built release to read it from (API tests); a release's own otherwise. */
  applyables?: readonly Applyable[];
  /** What can be paid for: content's courses and campaign by default (tests give their own). */
  payables?: PayablesCatalogue;
}

/** The app factory: the shared plumbing, then each feature. Every test builds its own instance and talks to it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const root = options.root ?? process.cwd();
  const site = readSiteSettings(root);
  const sites = readSiteSettingsByLanguage(root, site);
  const publicUrl = options.publicUrl ?? site.siteUrl;
  const mailers = Object.fromEntries(LANGUAGES.map((language) => [language, mailComposer(sites[language], publicUrl, LOCALES[language])])) as Record<
    Language,
    MailComposer
  >;
  const app = await createServer(options);
  const counts = limitCounts(options.database.db, options.database.unwritable);
  const hashing = hashingQueue(options.hashing ?? defaultHashingLimits());
  const allowances = allowancesWith(options.allowances);
  const mailer = options.mailer ?? createMailer({ outboxDir: defaultOutboxDir(root), from: `${site.name} <${site.contact.email}>` });
  const queue = mailQueue(options.database, mailer, counts, { unconfirmed: allowances.mailUnconfirmed, confirmed: allowances.mailConfirmed }, app.log);
  decorate(app, {
    database: options.database,
    site,
    sites,
    mailer,
    mails: mailers.en,
    mailsIn: (language) => mailers[language],
    mailQueue: queue,
    passwords: passwordHasher(options.scryptCost ?? OWASP_SCRYPT, hashing),
    hashing,
    limits: createLimits(counts, allowances, options.rateLimits !== false),
    links: await linkSigner(options.database.db),
    publicUrl,
    root,
  });
  await registerRateLimits(app, counts);
  refuseWritesWhenUnwritable(app);
  setErrorHandler(app, API_BODY_LIMIT);
  healthRoutes(app);
  // The mail queue's worker runs while the app does; a stop waits for a send in flight.
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
  const findMember = memberHook(app);
  app.addHook('preParsing', async (request, _reply, payload) => {
    await findMember(request);
    return payload;
  });

  // What can be applied for is the served release's (a publish changes it at once), or the list given (tests).
  const given = catalogueOf(options.applyables ?? []);
  const catalogue = options.distDir ? releaseCatalogue(options.distDir) : () => given;
  await app.register(certificatesFeature, { signingKey: options.signingKey });
  await app.register(accountsFeature);
  await app.register(enquiriesFeature);
  await app.register(newsletterFeature);
  await app.register(applicationsFeature, { catalogue });
  await app.register(paymentsFeature, { provider: upiProvider(merchantOf(app)), payables: options.payables ?? readPayables(app) });
  await app.register(staffFeature, {
    sessionMinutes: options.staffSessionMinutes ?? 480,
    idPattern: options.certificateIdPattern ?? '^[A-Z]{2,4}[0-9]{2}/[0-9]{4,8}$',
    catalogue,
  });
  if (options.distDir) {
    await app.register(pagesFeature, { distDir: options.distDir, loaders: { certificate: certificatePageData(app) } });
  } else {
    app.setNotFoundHandler(async (request) => {
      throw new ApiError(/^\/api(\/|$)/.test(request.url) ? 'NO_SUCH_ROUTE' : 'NOT_FOUND');
    });
  }
  return app;
}
