import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { certificatePageData } from './certificates/pageData.ts';
import { credentialSigner } from './certificates/signingKey.ts';
import type { DatabaseHandle } from './db/database.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { certificateRoutes } from './routes/certificates.routes.ts';
import { siteRoutes } from './routes/site.routes.ts';
import { apiSchemaStore } from './schemas.ts';
import { databaseRateLimitStore } from './security/databaseRateLimitStore.ts';
import { HashingBusyError } from './security/hashingQueue.ts';
import { DEFAULT_LOOKUP_BUDGET, type LookupBudgetOptions, lookupBudget } from './security/lookupBudget.ts';
import { makeOriginCheck } from './security/originCheck.ts';
import { OWASP_SCRYPT, type ScryptCost } from './security/passwords.ts';
import { securityHeaders } from './security/securityHeaders.ts';
import { windowCounts } from './security/windowCounts.ts';
import { readSiteSettings } from './siteSettings.ts';
import { validationMessage } from './validationMessage.ts';

export interface RateLimits {
  verify: { max: number; timeWindow: string };
  login: { max: number; timeWindow: string };
  signup: { max: number; timeWindow: string };
  /** Wrong passwords for one account, from any number of addresses. */
  account?: { max: number; timeWindowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  verify: { max: 60, timeWindow: '1 minute' },
  login: { max: 10, timeWindow: '1 minute' },
  signup: { max: 5, timeWindow: '1 minute' },
  account: { max: 10, timeWindowMs: 15 * 60_000 },
};

/** A request slower than this (a body sent a byte at a time) is cut off: it would hold a connection for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface AppOptions {
  database: DatabaseHandle;
  /** The build output (dist/ with client/ and prerender-manifest.json); leave out to serve only the API. */
  distDir?: string | undefined;
  /** Log requests (true: to standard output; or to the stream given, which tests read). */
  logger?: boolean | { stream: { write(line: string): void } };
  /** How long a request may take to arrive, headers and body (REQUEST_TIMEOUT_MS unless a test shortens it). */
  requestTimeoutMs?: number;
  /** false turns rate limiting off (benchmarks only). */
  rateLimits?: RateLimits | false;
  scryptCost?: ScryptCost;
  /** Origins besides the site's own that may call the API (when the API base is another host). */
  allowedOrigins?: string[];
  /** Project root, where schemas/ and data/site.json are. */
  root?: string;
  /**
   * The proxies in front whose X-Forwarded-For may be believed (Fastify's trustProxy: addresses, CIDR ranges or a hop
   * count). None by default: a client cannot then choose the address its limits are counted against.
   */
  trustProxy?: string | string[] | number | false;
  /** Certificate lookups that find nothing, per client (see lookupBudget.ts). */
  lookupBudget?: LookupBudgetOptions;
  /** The credential signing key as a private JWK; by default one made on first start and kept in the database. */
  signingKey?: string | undefined;
}

const API_BODY_LIMIT = 8 * 1024;

/** Fastify's trustProxy from the setting: a hop count becomes "believe this many proxies nearest the server". */
function trustedProxies(setting: AppOptions['trustProxy']): string | string[] | boolean | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting ?? false;
}

/** Errors that say the database cannot be reached or written (SQLite's file, PostgreSQL's server): 503, not 500. */
function isDatabaseUnavailable(error: { code?: string }): boolean {
  return /^(SQLITE_(READONLY|IOERR|CANTOPEN|FULL|CORRUPT|NOTADB)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|57P0[1-3]|08\d\d\d|53\d\d\d)/.test(error.code ?? '');
}

/** The path of a request as the log keeps it: no query string, and no certificate ID. */
export function loggedPath(url: string): string {
  const path = url.split('?')[0]!;
  return /^\/certificate\/./i.test(path) ? '/certificate/…' : path;
}

/** The app factory: every test builds its own instance and talks to it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const root = options.root ?? process.cwd();
  const store = apiSchemaStore(root);
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          // Query strings and certificate pages hold certificate IDs (/details?ids=…, /certificate/IC25/123456): not logged.
          serializers: { req: (req) => ({ method: req.method, url: loggedPath(String(req.url)), remoteAddress: req.ip }) },
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
        }
      : false,
    bodyLimit: API_BODY_LIMIT,
    trustProxy: trustedProxies(options.trustProxy),
    requestTimeout,
    // Node checks the timeouts every 30 s by default, so a 30 s limit could take a minute; checked each second here.
    // Headers come first and are small: a third of the time for them.
    http: { connectionsCheckingInterval: Math.min(1_000, requestTimeout / 4), headersTimeout: Math.ceil(requestTimeout / 3) },
    // Idle keep-alive connections are closed when the server stops, so a stop does not wait on them.
    forceCloseConnections: 'idle',
  });
  const settings = readSiteSettings(root);
  const words = settings.ui.serverErrors;
  const counts = windowCounts(options.database.db);

  // The API speaks JSON only; anything else is refused with 415.
  app.removeContentTypeParser('text/plain');

  // Request bodies are checked by the same Ajv instance (JSON Schema 2020-12) that checks the content.
  app.setValidatorCompiler(({ schema }) => store.ajv.compile(schema));
  // Responses are plain JSON; their schemas document them and the API tests check answers against them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Every answer, page or API, carries the same security headers (see securityHeaders for why not @fastify/helmet).
  const headers = securityHeaders({ connectOrigins: options.allowedOrigins ?? [] });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await app.register(fastifyCookie);
  const rateLimits = options.rateLimits === undefined ? DEFAULT_RATE_LIMITS : options.rateLimits;
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database, so every instance behind a proxy counts together (see databaseRateLimitStore.ts).
    store: databaseRateLimitStore(counts),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: words.tooManyRequests.replace('{seconds}', String(Math.ceil(context.ttl / 1000))),
    }),
  });

  // A change is refused before it is made when the database could not keep it (a SQLite file deleted or replaced
  // under the server): a false success would be lost at the next start.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const why = options.database.unwritable();
    if (why) {
      request.log.error({ reason: why }, 'refusing a change: the database cannot keep it');
      return reply.code(503).header('retry-after', '60').send({ message: words.unavailable });
    }
  });

  // While stopping, answers in flight are the last on their connection, so the stop waits for them and no longer
  // (a keep-alive connection would otherwise stay open until its timeout, past the stop's own).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });

  // For a proxy or an orchestrator: /healthz, the process answers; /readyz, and its database does too.
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const why = options.database.unwritable();
    if (why) return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    try {
      await sql`select 1`.execute(options.database.db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) return makeOriginCheck(options.allowedOrigins ?? [])(request, reply);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A visitor who leaves mid-download closes the stream: nothing failed on our side (Fastify logs it at info).
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || reply.sent) {
      request.raw.destroy();
      return;
    }
    if (error.validation) return reply.code(400).send({ message: validationMessage(error.validation as never) });
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: `The request is too large (at most ${API_BODY_LIMIT / 1024} KB).` });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: 'Send the request as JSON, with Content-Type: application/json.' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: 'The request body is empty; send a JSON object.' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send({ message: 'The request body does not match its Content-Length.' });
    }
    if (error.statusCode === 429) return reply.code(429).send({ message: error.message });
    if (error instanceof HashingBusyError) {
      return reply
        .code(503)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ message: words.busy.replace('{seconds}', String(error.retryAfterSeconds)) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply.code(503).header('retry-after', '60').send({ message: words.unavailable });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send({ message: error.message });
    request.log.error({ err: { message: error.message, stack: error.stack, code: error.code } }, 'request failed');
    return reply.code(500).send({ message: words.failed });
  });

  const accountLimit = rateLimits ? rateLimits.account : undefined;
  const budget = lookupBudget(options.database.db, options.lookupBudget ?? DEFAULT_LOOKUP_BUDGET);
  await app.register(certificateRoutes, {
    db: options.database.db,
    settings,
    signer: await credentialSigner(options.database.db, options.signingKey),
    budget,
    rateLimit: rateLimits ? rateLimits.verify : false,
  });
  await app.register(authRoutes, {
    db: options.database.db,
    scryptCost: options.scryptCost ?? OWASP_SCRYPT,
    rateLimits: rateLimits ? { login: rateLimits.login, signup: rateLimits.signup } : false,
    accountLimit: accountLimit
      ? {
          counts,
          max: accountLimit.max,
          windowMs: accountLimit.timeWindowMs,
          message: (resetInMs: number) => {
            const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
            return words.accountLocked.replace('{wait}', minutes === 1 ? '1 minute' : `${minutes} minutes`);
          },
        }
      : false,
  });

  if (options.distDir) {
    await app.register(siteRoutes, {
      distDir: options.distDir,
      loaders: { certificate: certificatePageData(options.database.db, budget, settings) },
      rateLimit: rateLimits ? rateLimits.verify : false,
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found.' }));
  }
  return app;
}
