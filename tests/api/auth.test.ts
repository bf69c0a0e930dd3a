import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { buildApp } from '../../server/app.ts';
import { OWASP_SCRYPT } from '../../server/security/passwords.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { mailbox } from '../support/mailbox.ts';

const store = loadSchemaStore(`${projectRoot}/schemas`);

describe.each(backends())('sign-up, log-in, me and log-out on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let handle: Awaited<ReturnType<typeof backend.open>>['handle'];
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    handle = opened.handle;
    // inject() comes from 127.0.0.1: named as the proxy, its X-Forwarded-Proto says whether the visitor used HTTPS.
    app = await apiApp(handle, { trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const post = (url: string, payload: unknown, headers: Record<string, string> = json) =>
    app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });
  const signup = (payload: unknown) => post('/api/auth/signup', payload);

  it('creates an account and never returns or stores the password', async () => {
    const response = await signup({ fullName: 'Asha Kumari', registrationNo: '', email: 'Asha@Example.com', password: 'secret1' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(store.validate('api/auth.response.schema.json', body).errors).toEqual([]);
    expect(body.user).toMatchObject({ fullName: 'Asha Kumari', email: 'Asha@Example.com', registrationNo: '' });
    expect(response.body).not.toContain('secret1');
    expect(response.body).not.toContain('scrypt');
    const row = await handle.db.selectFrom('users').selectAll().where('email_normalized', '=', 'asha@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row.password_hash).not.toContain('secret1');
  });

  it('keeps e-mail addresses unique without regard to case (409 with a clear message)', async () => {
    const response = await signup({ fullName: 'Another Asha', email: '  ASHA@example.com ', password: 'secret22' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists. Log in instead, or use another email.');
  });

  it('reads an address in full-width letters as the same address (Unicode NFKC): no second account', async () => {
    const response = await signup({ fullName: 'Another Asha', email: 'ＡＳＨＡ@ｅｘａｍｐｌｅ.ｃｏｍ', password: 'secret22' });
    expect(response.statusCode).toBe(409);
  });

  it.each([
    ['a Cyrillic а', 'аsha@example.com'],
    ['a Greek ο', 'asha@exampleο.com'],
    ['a Cyrillic domain', 'asha@ехample.com'],
  ])('refuses an address with letters that only look Latin (%s), as the spec refuses a malformed one', async (_what, email) => {
    const response = await signup({ fullName: 'Not Asha', email, password: 'secret22' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'EMAIL_INVALID', message: 'Invalid email format' });
  });

  it.each([
    ['fullName', '/api/auth/signup'],
    ['registrationNo', '/api/auth/signup'],
    ['email', '/api/auth/signup'],
    ['password', '/api/auth/signup'],
    ['email', '/api/auth/login'],
    ['password', '/api/login'],
  ])('refuses a control character in %s (%s) with 400 and a sentence, the same on every database', async (field, url) => {
    for (const control of ['\u0000', '\u0007', '\n', '\u001b', '\u007f']) {
      const fields: Record<string, string> = { fullName: 'Asha', registrationNo: '', email: 'control@example.com', password: 'secret1' };
      fields[field] = `a${control}b@example.com`;
      const payload = url.endsWith('signup') ? fields : { email: fields['email'], password: fields['password'] };
      const response = await post(url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/holds a control character \(such as a line break or NUL\); remove it\.$/);
    }
  });

  it.each([
    ['an empty name', { fullName: '   ', email: 'x@example.com', password: 'secret1' }, 'FIELDS_MISSING', 'Please fill out all fields'],
    ['an empty password', { fullName: 'X', email: 'x@example.com', password: '' }, 'FIELDS_MISSING', 'Please fill out all fields'],
    ['a malformed e-mail', { fullName: 'X', email: 'x@example', password: 'secret1' }, 'EMAIL_INVALID', 'Invalid email format'],
    ['a short password', { fullName: 'X', email: 'x@example.com', password: '12345' }, 'PASSWORD_TOO_SHORT', 'Password must be at least 6 characters'],
  ])('enforces the sign-up rules of spec section 5 again: %s', async (_what, payload, code, message) => {
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message });
  });

  it('logs in with any case of the e-mail, setting an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await post('/api/auth/login', { email: 'ASHA@example.com', password: 'secret1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Login successful!', user: { email: 'Asha@Example.com' } });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^ic_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(String(response.headers['set-cookie'])).toMatch(/ic_logged_in=1;[^,]*Path=\//);
  });

  it('marks the cookie Secure behind HTTPS, as the named proxy reports it', async () => {
    const response = await post('/api/auth/login', { email: 'asha@example.com', password: 'secret1' }, { ...json, 'x-forwarded-proto': 'https' });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it('answers the log-in at /api/login too, the path the spec names', async () => {
    const response = await post('/api/login', { email: 'asha@example.com', password: 'secret1' });
    expect(response.statusCode).toBe(200);
  });

  it('gives a wrong e-mail and a wrong password the same answer', async () => {
    const wrongPassword = await post('/api/auth/login', { email: 'asha@example.com', password: 'not-it' });
    const wrongEmail = await post('/api/auth/login', { email: 'nobody@example.com', password: 'secret1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json()).toEqual({ code: 'LOGIN_FAILED', message: 'Invalid email or password.' });
  });

  it('asks for both fields, with the spec message', async () => {
    const response = await post('/api/auth/login', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'LOGIN_FIELDS_MISSING', message: 'Please enter both email and password' });
  });

  it('tells who is logged in, then logs out', async () => {
    const login = await post('/api/auth/login', { email: 'asha@example.com', password: 'secret1' });
    const token = /ic_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', cookies: { ic_session: token } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.fullName).toBe('Asha Kumari');
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { ic_session: token } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/ic_session=;/);
    const after = await app.inject({ method: 'GET', url: '/api/auth/me', cookies: { ic_session: token } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ message: 'You are not logged in.', user: null });
    expect(store.validate('api/me.response.schema.json', after.json()).errors).toEqual([]);
  });

  it('stores only a hash of the session token', async () => {
    const login = await post('/api/auth/login', { email: 'asha@example.com', password: 'secret1' });
    const token = /ic_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
    const rows = await handle.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it('refuses a log-in posted from another website', async () => {
    const response = await post(
      '/api/auth/login',
      { email: 'asha@example.com', password: 'secret1' },
      { ...json, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('password hashing', () => {
  // The one test at the production cost: two hashes of 128 MiB, each a quarter of a second of a quiet core.
  it("uses scrypt at OWASP's parameters (N=2^17, r=8, p=1) by default", async () => {
    const [backend] = backends();
    const { handle, dispose } = await backend!.open();
    const app = await buildApp({ database: handle, root: projectRoot, rateLimits: false, mailer: mailbox() });
    try {
      const hash = await app.passwords.hash('correct horse');
      expect(hash).toMatch(new RegExp(`^scrypt\\$${OWASP_SCRYPT.N}\\$8\\$1\\$`));
      expect(await app.passwords.verify('correct horse', hash)).toBe(true);
    } finally {
      await app.close();
      await dispose();
    }
  });

  it('runs off the event loop: a verification is answered while a log-in is still hashing', async () => {
    const [backend] = backends();
    const { handle, dispose } = await backend!.open();
    // The test's own cost (32 MiB, a quarter of OWASP's time): a hash that outlasts a verification many times over.
    const app = await buildApp({ database: handle, root: projectRoot, rateLimits: false, mailer: mailbox(), scryptCost: { N: 2 ** 15, r: 8, p: 1 } });
    try {
      await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        payload: JSON.stringify({ fullName: 'Ravi', email: 'ravi@example.com', password: 'secret1' }),
      });
      const finished: string[] = [];
      const login = app
        .inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: JSON.stringify({ email: 'ravi@example.com', password: 'secret1' }) })
        .then(() => finished.push('login'));
      // Seen from the event loop while it runs: a hash that held the loop would have ended, and left the queue, before
      // any callback could look (no guess at how long the log-in takes to reach its hash).
      while (app.hashing.running === 0 && !finished.length) await new Promise((resolve) => setImmediate(resolve));
      expect(finished, 'the log-in ended before the event loop could see its hash running').toEqual([]);
      const verify = app
        .inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: JSON.stringify({ certificateIDs: ['IC25/123456'] }) })
        .then(() => finished.push('verify'));
      await Promise.all([login, verify]);
      expect(finished).toEqual(['verify', 'login']);
    } finally {
      await app.close();
      await dispose();
    }
  });
});

describe('when password hashing is full', () => {
  it('answers log-in and sign-up 503 with Retry-After and a sentence for the form, at once; verification goes on', async () => {
    const [backend] = backends();
    const { handle, dispose } = await backend!.open();
    const app = await apiApp(handle);
    // Every slot taken, running and waiting, as by a crowd logging in at once.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slots = app.hashing.limits.concurrency + app.hashing.limits.queue;
    const occupied = Array.from({ length: slots }, () => app.hashing.run(() => held));
    try {
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        payload: JSON.stringify({ fullName: 'Ravi', email: 'ravi@example.com', password: 'secret1' }),
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: json,
        payload: JSON.stringify({ email: 'ravi@example.com', password: 'secret1' }),
      });
      for (const response of [signup, login]) {
        expect(response.statusCode).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(response.json().message).toBe(`Many people are logging in right now. Please try again in ${response.headers['retry-after']} seconds.`);
      }
      const verify = await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['IC25/123456'] } });
      expect(verify.statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(occupied);
    }
    // With room again, the same sign-up goes through: nothing was half-made.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload: JSON.stringify({ fullName: 'Ravi', email: 'ravi@example.com', password: 'secret1' }),
    });
    expect(again.statusCode).toBe(201);
    await app.close();
    await dispose();
  });
});

describe('rate limits on log-in and sign-up', () => {
  it('answer 429 with a message', async () => {
    const [backend] = backends();
    const { handle, dispose } = await backend!.open();
    const app = await apiApp(handle, {
      rateLimits: { verify: { max: 100, windowMs: 60_000 }, login: { max: 2, windowMs: 60_000 }, signup: { max: 2, windowMs: 60_000 } },
    });
    const statuses = async (url: string, payload: unknown) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(payload) })).statusCode);
      return out;
    };
    expect(await statuses('/api/auth/login', { email: 'a@b.co', password: 'whatever1' })).toEqual([401, 401, 429]);
    expect(await statuses('/api/auth/signup', { fullName: 'A', email: 'bad', password: 'x' })).toEqual([400, 400, 429]);
    await app.close();
    await dispose();
  });
});
