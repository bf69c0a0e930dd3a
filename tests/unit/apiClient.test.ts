import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, currentUser, fileUrl, signup, VERIFY_TIMEOUT_MS } from '../../engine/api/client.ts';
import { LOGGED_IN_HINT } from '../../engine/shared/cookies.ts';
import { setRenderLocale } from '../../engine/shared/language.ts';

/** fetch as the browser's client calls it: each request kept, each answered by `answer` (or failing as a lost connection does). */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  return calls;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it("posts a route's body as JSON to its path, and answers with the data", async () => {
    const calls = fakeFetch(() => json(200, { message: 'Login successful!', user: { id: 1, fullName: 'Asha', email: 'a@example.com', registrationNo: '' } }));
    const result = await callApi('login', { email: 'a@example.com', password: 'secret1' });
    expect(result).toMatchObject({ ok: true, status: 200, data: { message: 'Login successful!' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/auth/login');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"email":"a@example.com","password":"secret1"}' });
    // The page's language (English here) says which language the server answers in.
    expect(calls[0]!.init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json', 'accept-language': 'en-IN' });
  });

  it('asks for answers in the language the page is drawn in', async () => {
    const calls = fakeFetch(() => json(200, { message: 'ok' }));
    setRenderLocale('hi-IN');
    try {
      await callApi('logout');
    } finally {
      setRenderLocale('en-IN');
    }
    expect(calls[0]!.init.headers).toMatchObject({ 'accept-language': 'hi-IN' });
  });

  it('sends no body with a GET, and {} with a POST that takes none (the server refuses an empty JSON body)', async () => {
    const calls = fakeFetch(() => json(200, { message: 'Logged out.' }));
    await callApi('account');
    await callApi('logout');
    expect(calls.map((c) => [c.init.method, c.url, c.init.body])).toEqual([
      ['GET', '/api/account', undefined],
      ['POST', '/api/auth/logout', '{}'],
    ]);
    expect(calls[0]!.init.headers).toEqual({ accept: 'application/json', 'accept-language': 'en-IN' });
  });

  it("carries the server's code and message when it refuses", async () => {
    fakeFetch(() => json(409, { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' }));
    expect(await callApi('login', { email: 'a@example.com', password: 'x' })).toEqual({
      ok: false,
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists.',
      offline: false,
      error: undefined,
    });
    fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await callApi('me')).toMatchObject({ ok: false, status: 502, code: undefined, message: undefined, offline: false, error: undefined });
  });

  it('says when no answer came, with the browser’s own words, and when a success answer could not be read', async () => {
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await callApi('me')).toEqual({ ok: false, status: 0, offline: true, error: 'Failed to fetch' });
    fakeFetch(() => new Response('not json', { status: 200 }));
    const unreadable = await callApi('me');
    expect(unreadable).toMatchObject({ ok: false, status: 200, offline: false });
    expect(unreadable.ok ? undefined : unreadable.error).toMatch(/JSON/);
  });

  it('gives the verification call its time limit and a cancelled call its signal', async () => {
    const calls = fakeFetch(() => json(200, []));
    await callApi('verifyCertificates', { certificateIDs: ['IC25/123456'] }, { timeoutMs: VERIFY_TIMEOUT_MS });
    expect(VERIFY_TIMEOUT_MS).toBe(1_000_000);
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    const controller = new AbortController();
    await callApi('verifyCertificates', { certificateIDs: ['IC25/123456'] }, { signal: controller.signal });
    expect(calls[1]!.init.signal).toBe(controller.signal);
    await callApi('verifyCertificates', { certificateIDs: ['IC25/123456'] });
    expect(calls[2]!.init.signal).toBeUndefined();
  });

  it("reads sign-up's answer as text, so an unparsable one can be told apart", async () => {
    fakeFetch(() => new Response('Internal Server Error', { status: 500 }));
    expect(await signup({ fullName: 'Asha', registrationNo: '', email: 'a@example.com', password: 'secret1' })).toEqual({
      status: 500,
      ok: false,
      text: 'Internal Server Error',
    });
  });

  it('asks who is logged in only when the hint cookie is there', async () => {
    const calls = fakeFetch(() => json(200, { message: 'Logged in.', user: { id: 1, fullName: 'Asha', email: 'a@example.com', registrationNo: '' } }));
    vi.stubGlobal('document', { cookie: 'theme=dark; other_ic_logged_in=1' });
    expect(await currentUser()).toBeNull();
    expect(calls).toHaveLength(0);
    vi.stubGlobal('document', { cookie: `theme=dark; ${LOGGED_IN_HINT}=1` });
    expect(await currentUser()).toMatchObject({ fullName: 'Asha' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
  });

  it("builds a file's address from the catalogue, its query encoded", () => {
    expect(fileUrl('certificatePdf', { id: 'IC25/123456' })).toBe('/api/certificates/pdf?id=IC25%2F123456');
    expect(fileUrl('certificateQr', { id: 'ic25 123456' })).toBe('/api/certificates/qr.svg?id=ic25%20123456');
    expect(fileUrl('accountExport')).toBe('/api/account/export');
  });
});
