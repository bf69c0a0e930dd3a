import { type ApiRouteName, type ApiRoutes, type PageRouteName, pageEndpoints } from '../shared/apiRoutes.ts';
import { LOGGED_IN_HINT } from '../shared/cookies.ts';
import { renderLocale } from '../shared/language.ts';
import type { ApiRouteTypes, PublicUser } from '../types.ts';

/**
 * The browser's one way to the server: every call names a route of the
 * catalogue (engine/shared/apiRoutes.ts), and its body and answer are the
 * types codegen made from that route's schemas (engine/generated/api.ts).
 */

/**
 * The server's address ({backend} in the spec): a site setting (settings.api.base), the site's own origin by default.
 * Set once where pages are drawn: by the server renderer from the site, and in the browser from the page's data, so
 * that the API client carries no part of the site's settings itself.
 */
let apiBase = '';
export function setApiBase(base: string | undefined): void {
  apiBase = base ?? '';
}

/** Routes of the site's pages whose answer is a file, opened at its address (a link, an image) rather than read by script. */
export type FileRoute = { [R in PageRouteName]: ApiRoutes[R] extends { file: string } ? R : never }[PageRouteName];
/** Routes the site's pages call, reading their JSON answer. */
export type CallRoute = Exclude<PageRouteName, FileRoute>;

export type ApiBody<R extends ApiRouteName> = ApiRouteTypes[R]['body'];
type Responses<R extends ApiRouteName> = ApiRouteTypes[R]['responses'];
/** A route's answer on success (for any of its success statuses); unknown where no schema describes it. */
export type ApiResponse<R extends ApiRouteName> = [keyof Responses<R>] extends [never] ? unknown : Responses<R>[keyof Responses<R>];

/** A call that did not succeed, with what is known of why. */
export interface ApiFailure {
  ok: false;
  /** The answer's status; 0 when no answer came. */
  status: number;
  /** The server's code and sentence, when it answered with them ({ "code", "message" }, api/error.schema.json). */
  code?: string | undefined;
  message?: string | undefined;
  /** No answer at all: the connection failed, timed out or was cancelled. */
  offline: boolean;
  /**
   * The browser's own words when there was no answer to read (offline: the network error's message, which the spec's
   * verification form shows) or a success answer was not JSON; undefined when the server answered with a refusal.
   */
  error?: string | undefined;
}

/** An answer of the API: the data, or why not. */
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export interface CallOptions {
  /** Give up after this long (the verification form's VERIFY_TIMEOUT_MS). */
  timeoutMs?: number | undefined;
  /** Cancels the request (a page that no longer needs the answer). */
  signal?: AbortSignal | undefined;
}

/** What a call sends: a POST's body, or a GET's query string (?kind=…&id=…); undefined for a route that takes neither. */
type CallInput<R extends CallRoute> = ApiBody<R> extends undefined ? ApiRouteTypes[R]['query'] : ApiBody<R>;
/** A route's body or query, left out for a route that takes none, then the options. */
type CallArgs<R extends CallRoute> = CallInput<R> extends undefined ? [input?: undefined, options?: CallOptions] : [input: CallInput<R>, options?: CallOptions];

/** A query string from its values, each encoded once ("" for none). */
function queryString(query: object | undefined): string {
  const search = Object.entries(query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `?${search}` : '';
}

/** Sends one request to a route; rejects only when no answer came (no connection, timed out, cancelled). */
function send(route: PageRouteName, input: unknown, options: CallOptions = {}): Promise<Response> {
  const [method, where] = pageEndpoints[route];
  const get = method === 'GET';
  // A POST always carries a JSON object: the server refuses an empty JSON body. A GET carries its input in its address.
  const payload = get ? undefined : (input ?? {});
  const path = get ? where + queryString(input as object | undefined) : where;
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter((s): s is AbortSignal => Boolean(s));
  return fetch(apiBase + path, {
    method,
    // The server answers in the page's language (its refusals, its messages, a new member's mails).
    headers:
      payload === undefined
        ? { accept: 'application/json', 'accept-language': renderLocale() }
        : { accept: 'application/json', 'content-type': 'application/json', 'accept-language': renderLocale() },
    credentials: 'same-origin',
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    ...(signals.length ? { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) } : {}),
  });
}

/** One JSON call to our server; never throws (a lost connection is an answer too, so forms can say what happened). */
export async function callApi<R extends CallRoute>(route: R, ...[input, options]: CallArgs<R>): Promise<ApiResult<ApiResponse<R>>> {
  let response: Response;
  try {
    response = await send(route, input, options);
  } catch (error) {
    return { ok: false, status: 0, offline: true, error: (error as Error).message };
  }
  return readAnswer<ApiResponse<R>>(response);
}

/**
 * A file sent as the body itself, of its media type (a résumé's PDF to a route that accepts it), answered in JSON as
 * every call is; never throws.
 */
export async function sendFile<R extends CallRoute>(route: R, file: Blob, type: string): Promise<ApiResult<ApiResponse<R>>> {
  const [method, path] = pageEndpoints[route];
  try {
    const response = await fetch(apiBase + path, {
      method,
      headers: { accept: 'application/json', 'content-type': type, 'accept-language': renderLocale() },
      credentials: 'same-origin',
      body: file,
    });
    return await readAnswer<ApiResponse<R>>(response);
  } catch (error) {
    return { ok: false, status: 0, offline: true, error: (error as Error).message };
  }
}

async function readAnswer<T>(response: Response): Promise<ApiResult<T>> {
  let data: unknown;
  let unreadable: string | undefined;
  try {
    data = await response.json();
  } catch (error) {
    unreadable = (error as Error).message;
  }
  if (response.ok && unreadable === undefined) return { ok: true, status: response.status, data: data as T };
  const answer = (data !== null && typeof data === 'object' ? data : {}) as { code?: unknown; message?: unknown };
  return {
    ok: false,
    status: response.status,
    code: typeof answer.code === 'string' ? answer.code : undefined,
    message: typeof answer.message === 'string' ? answer.message : undefined,
    offline: false,
    error: response.ok ? unreadable : undefined,
  };
}

/** What went wrong in the browser's or HTTP's own words, when the server gave no sentence: the network error's message, or the status. */
export function failureReason(failure: ApiFailure): string {
  return failure.error ?? `HTTP ${failure.status}`;
}

/** The address of a file route's document (a certificate's PDF, credential or QR code; the member's data download), for a link or an image. */
export function fileUrl<R extends FileRoute>(
  route: R,
  ...[query]: ApiRouteTypes[R]['query'] extends undefined ? [] : [query: ApiRouteTypes[R]['query']]
): string {
  return `${apiBase}${pageEndpoints[route][1]}${queryString(query)}`;
}

/** Spec section 9: the verification form waits up to 1,000,000 ms for the server. */
export const VERIFY_TIMEOUT_MS = 1_000_000;

/** At most this many IDs go in one verify request (the API's limit). */
export const VERIFY_BATCH = 10;

/**
 * Sign-up's answer is read as text first, so an unparsable body can be told apart (spec section 8). Rejects when no
 * answer came.
 */
export async function signup(body: ApiBody<'signup'>): Promise<{ status: number; ok: boolean; text: string }> {
  const response = await send('signup', body);
  return { status: response.status, ok: response.ok, text: await response.text() };
}

/** Whether the cookie log-in sets beside the session is there: without it nobody is logged in, and asking is not worth a request. */
function hasSessionHint(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trimStart().startsWith(`${LOGGED_IN_HINT}=`));
}

/** Who is logged in: null for nobody (and without the hint cookie, no request is made). */
export async function currentUser(): Promise<PublicUser | null> {
  if (!hasSessionHint()) return null;
  const result = await callApi('me');
  return result.ok ? result.data.user : null;
}

/**
 * A key for one submission of a form, sent again with each retry of it, so the
 * server stores it once however often it arrives. getRandomValues works on
 * plain-http addresses too, where randomUUID does not.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
