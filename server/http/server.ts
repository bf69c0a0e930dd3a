import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../engine/shared/apiRoutes.ts';
import { ApiError } from '../errors.ts';
import { jsonPastBounds } from '../jsonBounds.ts';
import { originCheck } from './originCheck.ts';
import { apiSchemaStore, schemaRef } from './schemas.ts';
import { securityHeaders } from './securityHeaders.ts';

/** A request slower than this (a body sent a byte at a time) is cut off: it would hold a connection for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The largest request body the API takes: its forms are a few hundred bytes. */
export const API_BODY_LIMIT = 8 * 1024;
/** Lists and groups a JSON body may hold inside one another: the deepest of the API's, a certificate's skills, is 3. */
export const BODY_DEPTH = 16;

export interface HttpOptions {
  /** Log requests (true: to standard output; or to the stream given, which tests read). */
  logger?: boolean | { stream: { write(line: string): void } } | undefined;
  /** How long a request may take to arrive, headers and body (REQUEST_TIMEOUT_MS unless a test shortens it). */
  requestTimeoutMs?: number | undefined;
  /** Origins besides the site's own that may call the API (when the API base is another host). */
  allowedOrigins?: string[] | undefined;
  /**
   * The proxies in front whose X-Forwarded-For may be believed (addresses, CIDR ranges or a hop count). None by
   * default: a client cannot then choose the address its limits are counted against.
   */
  trustProxy?: string | string[] | number | false | undefined;
}

/** Fastify's trustProxy from the setting: a hop count becomes "believe this many proxies nearest the server". */
function trustedProxies(setting: HttpOptions['trustProxy']): string | string[] | boolean | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting ?? false;
}

/**
 * A request target as every hook and handler reads it: a run of / (or \, which URL parsers read as /) at its start
 * is one /. "//x" is a valid path, but new URL(path, base), which a handler may use to split a path from its query,
 * reads it as another host's address (http://x/), and "//" alone threw: GET // answered 500. nginx merges such
 * slashes too (merge_slashes).
 */
export function canonicalTarget(url: string): string {
  return url.replace(/^[/\\]{2,}/, '/');
}

/** The path of a request as the log keeps it: no query string, and no certificate ID. */
export function loggedPath(url: string): string {
  const path = url.split('?')[0]!;
  return /^\/certificate\/./i.test(path) ? '/certificate/…' : path;
}

/**
 * A Fastify instance with what every answer shares: the log (no bodies,
 * cookies, query strings or certificate IDs), timeouts, JSON only, request
 * schemas checked by the project's Ajv, security headers, cookies, the origin
 * check, and a stop that lets answers in flight finish.
 */
export async function createServer(options: HttpOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const headers = securityHeaders({ connectOrigins: options.allowedOrigins ?? [] });
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
    rewriteUrl: (request) => canonicalTarget(request.url ?? '/'),
    trustProxy: trustedProxies(options.trustProxy),
    requestTimeout,
    // Node checks the timeouts every 30 s by default, so a 30 s limit could take a minute; checked each second here.
    // Headers come first and are small: a third of the time for them.
    http: { connectionsCheckingInterval: Math.min(1_000, requestTimeout / 4), headersTimeout: Math.ceil(requestTimeout / 3) },
    // Idle keep-alive connections are closed when the server stops, so a stop does not wait on them.
    forceCloseConnections: 'idle',
    // A path the router cannot decode (/%E0%A4%A, /api/%zz) is refused before any hook runs: Fastify's own answer
    // stands outside the catalogue and echoes the path. Sent to the error handler instead, with the usual headers.
    frameworkErrors: (error, request, reply) => {
      reply.headers(headers);
      return reply.server.errorHandler(error, request, reply);
    },
  });
  const store = apiSchemaStore();

  // The API speaks JSON only; anything else is refused with 415.
  app.removeContentTypeParser('text/plain');
  // No body of the API nests more than a few levels; one nested deeper is refused before JSON.parse spends the
  // request thread on it (a 2 MB import body of lists inside lists: 1.6 s). Fastify's own parser does the rest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonPastBounds(body as string, { depth: BODY_DEPTH })) done(new ApiError('BODY_TOO_DEEP', { depth: BODY_DEPTH }), undefined);
    else parseJson(request, body as string, done);
  });
  // Request bodies are checked by the same Ajv instance (JSON Schema 2020-12) that checks the content.
  app.setValidatorCompiler(({ schema }) => store.ajv.compile(schema));
  // Responses are plain JSON; their schemas document them and the API tests check answers against them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Every API route's refusals are the catalogue's `{ code, message }` (server/errors.ts), and its schema says so.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const error = schemaRef('api/error.schema.json');
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...route.schema, response: { '4xx': error, '5xx': error, ...response } };
  });

  // Every answer, page or API, carries the same security headers (see securityHeaders for why not @fastify/helmet).
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await app.register(fastifyCookie);
  app.addHook('onRequest', originCheck(options.allowedOrigins ?? []));

  // While stopping, answers in flight are the last on their connection, so the stop waits for them and no longer
  // (a keep-alive connection would otherwise stay open until its timeout, past the stop's own).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  return app;
}
