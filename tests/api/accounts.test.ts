import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { type Mailbox, mailbox } from '../support/mailbox.ts';

const store = loadSchemaStore(`${projectRoot}/schemas`);
let keys = 0;
const key = () => `account-key-${String(++keys).padStart(6, '0')}-${Date.now()}`;

function sessionOf(response: LightMyRequestResponse): string {
  const match = String(response.headers['set-cookie']).match(/ic_session=([^;]+)/);
  if (!match?.[1]) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return match[1];
}

describe.each(backends())('accounts on $name', (backend) => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let mail: Mailbox;
  beforeAll(async () => {
    const opened = await backend.open();
    handle = opened.handle;
    dispose = opened.dispose;
    mail = mailbox();
    app = await apiApp(handle, { mailer: mail, publicUrl: 'https://interncraft.in' });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });
  const post = (url: string, payload: unknown, session?: string) =>
    app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(payload), ...(session ? { cookies: { ic_session: session } } : {}) });
  const get = (url: string, session?: string) => app.inject({ method: 'GET', url, ...(session ? { cookies: { ic_session: session } } : {}) });
  const signup = (email: string, extra: Record<string, unknown> = {}) =>
    post('/api/auth/signup', { fullName: 'Asha Kumari', email, password: 'secret1', ...extra });
  const account = async (session: string) => (await get('/api/account', session)).json();

  describe('sign-up', () => {
    it('logs the new member in: the answer sets the session, and the account answers to it', async () => {
      const response = await signup('asha@example.com');
      expect(response.statusCode).toBe(201);
      const session = sessionOf(response);
      expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
      const me = await get('/api/auth/me', session);
      expect(me.json().user).toMatchObject({ email: 'asha@example.com' });
      const overview = await get('/api/account', session);
      expect(overview.statusCode).toBe(200);
      expect(overview.headers['cache-control']).toBe('no-store');
      const body = overview.json();
      expect(store.validate('api/account.response.schema.json', body).errors).toEqual([]);
      expect(body).toMatchObject({
        referral: { code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/), signups: 0, earnings: 0 },
        enquiries: [],
        newsletter: 'none',
      });
    });

    it('credits the owner of the referral link once per friend, with 50 rupees each', async () => {
      const owner = sessionOf(await signup('owner@example.com'));
      const { code } = (await account(owner)).referral;
      expect((await signup('friend1@example.com', { ref: code.toLowerCase() })).statusCode).toBe(201);
      expect((await account(owner)).referral).toEqual({ code, signups: 1, earnings: 50 });
      // The same friend again (the address is taken): nothing more.
      expect((await signup('FRIEND1@example.com', { ref: code })).statusCode).toBe(409);
      expect((await account(owner)).referral).toEqual({ code, signups: 1, earnings: 50 });
      expect((await signup('friend2@example.com', { ref: code })).statusCode).toBe(201);
      expect((await account(owner)).referral).toEqual({ code, signups: 2, earnings: 100 });
    });

    it("ignores a code nobody has, such as the spec's sample link's 'friend'", async () => {
      for (const ref of ['friend', 'ZZZZZZZZ', '']) expect((await signup(`nobody-${ref || 'empty'}@example.com`, { ref })).statusCode).toBe(201);
      expect(
        await handle.db
          .selectFrom('referrals')
          .select('id')
          .where('referred_user_id', 'in', handle.db.selectFrom('users').select('id').where('email', 'like', 'nobody-%'))
          .execute(),
      ).toEqual([]);
    });
  });

  it('answers 401 to every account route without a session (or with one that is no session)', async () => {
    const bodies: Record<string, unknown> = {
      '/api/account/details': { fullName: 'X', registrationNo: '' },
      '/api/account/password': { currentPassword: 'secret1', newPassword: 'secret2' },
      '/api/account/newsletter': { subscribe: true, idempotencyKey: key() },
      '/api/account/delete': { password: 'secret1' },
    };
    for (const url of ['/api/account', '/api/account/export']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, 'not-a-session')).statusCode, url).toBe(401);
    }
    for (const [url, body] of Object.entries(bodies)) {
      expect((await post(url, body)).statusCode, url).toBe(401);
      expect((await post(url, body, 'not-a-session')).statusCode, url).toBe(401);
    }
  });

  it('corrects the name and registration number', async () => {
    const session = sessionOf(await signup('details@example.com'));
    const response = await post('/api/account/details', { fullName: 'Asha K. Verma', registrationNo: 'REG2025CS0142' }, session);
    expect(response.statusCode).toBe(200);
    expect((await account(session)).user).toMatchObject({ fullName: 'Asha K. Verma', registrationNo: 'REG2025CS0142' });
    expect((await post('/api/account/details', { fullName: ' ', registrationNo: '' }, session)).json()).toEqual({ message: 'Please fill out all fields' });
  });

  it('changes the password with the current one, ending every other session', async () => {
    const here = sessionOf(await signup('change@example.com'));
    const elsewhere = sessionOf(await post('/api/auth/login', { email: 'change@example.com', password: 'secret1' }));
    expect((await post('/api/account/password', { currentPassword: 'wrong1', newPassword: 'secret2' }, here)).statusCode).toBe(400);
    expect((await post('/api/account/password', { currentPassword: 'secret1', newPassword: '12345' }, here)).json()).toEqual({
      message: 'Password must be at least 6 characters',
    });
    expect((await post('/api/account/password', { currentPassword: 'secret1', newPassword: 'secret2' }, here)).statusCode).toBe(200);
    expect((await get('/api/account', here)).statusCode).toBe(200);
    expect((await get('/api/account', elsewhere)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'change@example.com', password: 'secret1' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'change@example.com', password: 'secret2' })).statusCode).toBe(200);
  });

  it("subscribes the member's address by a confirmation mail, and unsubscribes it at once", async () => {
    const session = sessionOf(await signup('reader@example.com'));
    expect((await post('/api/account/newsletter', { subscribe: true, idempotencyKey: key() }, session)).statusCode).toBe(200);
    expect((await account(session)).newsletter).toBe('pending');
    const link = mail.linkIn(mail.lastTo('reader@example.com'), '?confirm=')!;
    await post('/api/newsletter/confirm', { token: new URL(link).searchParams.get('confirm') });
    expect((await account(session)).newsletter).toBe('subscribed');
    expect((await post('/api/account/newsletter', { subscribe: false, idempotencyKey: key() }, session)).statusCode).toBe(200);
    expect((await account(session)).newsletter).toBe('none');
  });

  it('downloads everything held about the member as a JSON file, and nothing of anyone else', async () => {
    const session = sessionOf(await signup('mine@example.com', { fullName: 'Mine Owner' }));
    const cookies = { ic_session: session };
    await app.inject({
      method: 'POST',
      url: '/api/enquiries/contact',
      headers: json,
      cookies,
      payload: JSON.stringify({ idempotencyKey: key(), name: 'Mine Owner', email: 'mine@example.com', message: 'My question' }),
    });
    await post('/api/enquiries/contact', { idempotencyKey: key(), name: 'Someone Else', email: 'else@example.com', message: 'Not yours' });
    const response = await get('/api/account/export', session);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="InternCraft-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({ fullName: 'Mine Owner', email: 'mine@example.com', signedUpWithAReferralLink: false });
    expect(data.enquiries).toEqual([expect.objectContaining({ kind: 'contact', message: 'My question', email: 'mine@example.com' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(response.body).not.toContain('Not yours');
    expect(response.body).not.toContain('scrypt');
    expect(response.body).not.toContain(session);
  });

  it('deletes the account with its password: account, sessions and referral credits go, enquiries lose their link', async () => {
    const owner = sessionOf(await signup('leaving@example.com'));
    const { code } = (await account(owner)).referral;
    const friend = sessionOf(await signup('stays@example.com', { ref: code }));
    await app.inject({
      method: 'POST',
      url: '/api/enquiries/enrolment',
      headers: json,
      cookies: { ic_session: owner },
      payload: JSON.stringify({ idempotencyKey: key(), name: 'Leaving', email: 'leaving@example.com', phone: '9876543210', courseId: 3 }),
    });
    const user = await handle.db.selectFrom('users').select('id').where('email_normalized', '=', 'leaving@example.com').executeTakeFirstOrThrow();
    await post('/api/auth/password-reset', { email: 'leaving@example.com' });

    expect((await post('/api/account/delete', { password: 'wrong-password' }, owner)).statusCode).toBe(400);
    const response = await post('/api/account/delete', { password: 'secret1' }, owner);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/ic_session=;/);

    expect(await handle.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);
    expect(await handle.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await handle.db.selectFrom('password_resets').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await handle.db.selectFrom('referrals').select('id').where('referrer_id', '=', user.id).execute()).toEqual([]);
    const enquiry = await handle.db.selectFrom('enquiries').select(['user_id', 'email']).where('email', '=', 'leaving@example.com').executeTakeFirstOrThrow();
    expect(enquiry.user_id).toBeNull();
    expect((await get('/api/account', owner)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'leaving@example.com', password: 'secret1' })).statusCode).toBe(401);
    // The friend's own account is untouched.
    expect((await get('/api/account', friend)).statusCode).toBe(200);
  });

  describe('forgot password', () => {
    const resetToken = (to: string) => new URL(mail.linkIn(mail.lastTo(to), '?token=')!).searchParams.get('token')!;

    it('answers the same whether or not an account uses the address, and mails only a real one', async () => {
      await signup('forgetful@example.com');
      const before = mail.sent.length;
      const unknown = await post('/api/auth/password-reset', { email: 'nobody@example.com' });
      const known = await post('/api/auth/password-reset', { email: 'Forgetful@Example.com' });
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toMatchObject({ expiresInMinutes: 60 });
      expect(mail.sent.length).toBe(before + 1);
      const sent = mail.lastTo('forgetful@example.com')!;
      expect(sent.subject).toBe('Reset your InternCraft password');
      expect(mail.linkIn(sent, '?token=')).toMatch(/^https:\/\/interncraft\.in\/reset-password\?token=[\w-]{43}$/);
      expect(sent.text).toContain('within 60 minutes');
      // The token is stored only as its hash.
      const rows = await handle.db.selectFrom('password_resets').select('token_hash').execute();
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(resetToken('forgetful@example.com'));
    });

    it('sets the new password once, logs in, ends the other sessions; the link fails a second time', async () => {
      const other = sessionOf(await post('/api/auth/login', { email: 'forgetful@example.com', password: 'secret1' }));
      const token = resetToken('forgetful@example.com');
      const response = await post('/api/auth/password-reset/confirm', { token, password: 'newpass1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { email: 'forgetful@example.com' } });
      expect((await get('/api/account', sessionOf(response))).statusCode).toBe(200);
      expect((await get('/api/account', other)).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email: 'forgetful@example.com', password: 'newpass1' })).statusCode).toBe(200);
      expect((await post('/api/auth/login', { email: 'forgetful@example.com', password: 'secret1' })).statusCode).toBe(401);

      const again = await post('/api/auth/password-reset/confirm', { token, password: 'another1' });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe('This reset link has expired or has already been used. Ask for a new one.');
      expect((await post('/api/auth/login', { email: 'forgetful@example.com', password: 'newpass1' })).statusCode).toBe(200);
    });

    it('refuses an expired link', async () => {
      await post('/api/auth/password-reset', { email: 'forgetful@example.com' });
      const token = resetToken('forgetful@example.com');
      await handle.db.updateTable('password_resets').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('used_at', 'is', null).execute();
      expect((await post('/api/auth/password-reset/confirm', { token, password: 'expired1' })).statusCode).toBe(410);
      expect((await post('/api/auth/login', { email: 'forgetful@example.com', password: 'expired1' })).statusCode).toBe(401);
    });

    it('keeps only the newest link good, and sends at most 3 a hour to one account', async () => {
      await signup('flood@example.com');
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      const first = resetToken('flood@example.com');
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      const second = resetToken('flood@example.com');
      expect((await post('/api/auth/password-reset/confirm', { token: first, password: 'first11' })).statusCode).toBe(410);
      const before = mail.sent.length;
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      expect(mail.sent.length).toBe(before + 1);
      expect((await post('/api/auth/password-reset/confirm', { token: second, password: 'second1' })).statusCode).toBe(410);
    });

    it('says so when the mail cannot be sent', async () => {
      mail.failing = true;
      try {
        const response = await post('/api/auth/password-reset', { email: 'forgetful@example.com' });
        expect(response.statusCode).toBe(503);
      } finally {
        mail.failing = false;
      }
    });

    it('refuses a short new password and tokens it never made', async () => {
      expect((await post('/api/auth/password-reset/confirm', { token: 'A'.repeat(43), password: '12345' })).json()).toEqual({
        message: 'Password must be at least 6 characters',
      });
      expect((await post('/api/auth/password-reset/confirm', { token: 'A'.repeat(43), password: 'long-enough' })).statusCode).toBe(410);
    });
  });
});

describe.each(backends())('account and reset rate limits on $name', (backend) => {
  it('answers 429 after 5 reset requests in 15 minutes from one client', async () => {
    const { handle, dispose } = await backend.open();
    const app = await apiApp(handle, { rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          headers: json,
          payload: JSON.stringify({ email: `x${i}@example.com` }),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await app.close();
      await dispose();
    }
  });
  it("counts the account page's wrong passwords with log-in's: a stolen session cannot guess the password there instead", async () => {
    const { handle, dispose } = await backend.open();
    const limits = { ...DEFAULT_RATE_LIMITS, account: { max: 3, timeWindowMs: 15 * 60_000 } };
    const app = await apiApp(handle, { rateLimits: limits });
    try {
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        payload: JSON.stringify({ fullName: 'Asha Kumari', email: 'locked@example.com', password: 'secret12' }),
      });
      const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const login = (password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: JSON.stringify({ email: 'locked@example.com', password }) });
      const change = (currentPassword: string) =>
        app.inject({
          method: 'POST',
          url: '/api/account/password',
          headers: { ...json, cookie },
          payload: JSON.stringify({ currentPassword, newPassword: 'another-2' }),
        });
      expect((await login('wrong-1')).statusCode).toBe(401);
      expect((await change('wrong-2')).statusCode).toBe(400);
      expect((await change('wrong-3')).statusCode).toBe(400);
      // Three wrong in all: the right password is refused here and at log-in until the window ends.
      const locked = await change('secret12');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/^Too many wrong passwords for this account\. Please wait \d+ minutes? and try again/);
      expect((await login('secret12')).statusCode).toBe(429);
      const deleted = await app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: { ...json, cookie },
        payload: JSON.stringify({ password: 'secret12' }),
      });
      expect(deleted.statusCode).toBe(429);
      expect(await handle.db.selectFrom('users').select('id').where('email', '=', 'locked@example.com').execute()).toHaveLength(1);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
