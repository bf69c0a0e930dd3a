import { site } from 'virtual:site';

/** The server's address (a site setting, the site's own origin by default). */
export const apiBase = site.settings.api?.base ?? '';

/** An answer of the API: the data, or why not (no connection at all, or the server's refusal and its message). */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string | undefined; offline: boolean };

/** One JSON call to our server; never throws (a lost connection is an answer too, so forms can say what happened). */
export async function callApi<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(apiBase + path, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, message: undefined, offline: true };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    return { ok: false, status: response.status, message: typeof message === 'string' ? message : undefined, offline: false };
  }
  return { ok: true, status: response.status, data: data as T };
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
