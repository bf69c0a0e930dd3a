import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, json, mailingSuite } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

const store = loadSchemaStore(`${projectRoot}/schemas`);
let keys = 0;
const key = () => `account-key-${String(++keys).padStart(6, '0')}-${Date.now()}`;

function sessionOf(response: LightMyRequestResponse): string {
  const match = String(response.headers['set-cookie']).match(/ic_session=([^;]+)/);
  if (!match?.[1]) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return match[1];
}

describe.each(backends())('accounts on $name', (backend) => {
  const suite = mailingSuite(backend);
  const post = (url: string, payload: unknown, session?: string) => suite.post(url, payload, { session });
  const get = (url: string, session?: string) => suite.app.inject({ method: 'GET', url, ...(session ? { cookies: { ic_session: session } } : {}) });
  const signup = (email: string, extra: Record<string, unknown> = {}) =>
    post('/api/auth/signup', { fullName: 'Asha Kumari', email, password: 'secret1', ...extra });
  const account = async (session: string) => (await get('/api/account', session)).json();
  /** Follows the link of the newest confirmation mail to this address, as its owner would. */
  const confirmByMail = async (email: string) => {
    const link = suite.mail.linkIn(suite.mail.lastTo(email), '/confirm-email?token=');
    if (!link) throw new Error(`no confirmation mail to ${email}`);
    return post('/api/account/confirm-email', { token: new URL(link).searchParams.get('token') });
  };

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
        emailConfirmed: false,
        referral: { code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/), signups: 0, earnings: 0, pendingCount: 0, pendingAmount: 0, paid: 0 },
        enquiries: [],
        // Not shown until the address is the member's: it may be someone else's.
        newsletter: 'unconfirmed',
      });
    });

    it('asks the new member to confirm their address by mail; the link confirms it once, and says so', async () => {
      const session = sessionOf(await signup('confirming@example.com'));
      const sent = suite.mail.lastTo('confirming@example.com')!;
      expect(sent.subject).toBe('Confirm your e-mail address for InternCraft');
      expect(suite.mail.linkIn(sent, '/confirm-email?token=')).toMatch(/^https:\/\/interncraft\.in\/confirm-email\?token=[\w-]{43}$/);
      const confirmed = await confirmByMail('confirming@example.com');
      expect(confirmed.json()).toEqual({ message: 'Your e-mail address is confirmed.' });
      expect(await account(session)).toMatchObject({ emailConfirmed: true, newsletter: 'none' });
      const again = await confirmByMail('confirming@example.com');
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('CONFIRM_LINK_INVALID');
    });

    it("sends a new confirmation link when asked, and says so truthfully once the address has had today's mails", async () => {
      const session = sessionOf(await signup('lost.link@example.com'));
      // The sign-up's mail and two more links: the day's three for an address that has confirmed nothing.
      for (let i = 0; i < 2; i++) expect((await post('/api/account/confirmation', {}, session)).json().message).toContain('on its way');
      expect(suite.mail.sent.filter((m) => m.to === 'lost.link@example.com')).toHaveLength(3);
      const spent = await post('/api/account/confirmation', {}, session);
      expect(spent.statusCode).toBe(429);
      expect(spent.json()).toMatchObject({
        code: 'MAIL_CAP_REACHED',
        message: expect.stringMatching(/no new link was sent\. Please try again in \d+ hours?,/),
      });
      expect(suite.mail.sent.filter((m) => m.to === 'lost.link@example.com')).toHaveLength(3);
    });

    it('credits the owner of the referral link once per friend, with 50 rupees each', async () => {
      const owner = sessionOf(await signup('owner@example.com'));
      const { code } = (await account(owner)).referral;
      const none = { pendingCount: 0, pendingAmount: 0, paid: 0 };
      expect((await signup('friend1@example.com', { ref: code.toLowerCase() })).statusCode).toBe(201);
      // Credited once the friend has shown the address is theirs, not before.
      expect((await account(owner)).referral).toEqual({ code, signups: 0, earnings: 0, ...none });
      await confirmByMail('friend1@example.com');
      expect((await account(owner)).referral).toEqual({ code, signups: 1, earnings: 50, ...none });
      // The same friend again (the address is taken): nothing more.
      expect((await signup('FRIEND1@example.com', { ref: code })).statusCode).toBe(409);
      expect((await account(owner)).referral).toEqual({ code, signups: 1, earnings: 50, ...none });
      expect((await signup('friend2@example.com', { ref: code })).statusCode).toBe(201);
      await confirmByMail('friend2@example.com');
      expect((await account(owner)).referral).toEqual({ code, signups: 2, earnings: 100, ...none });
    });

    it("ignores a code nobody has, such as the spec's sample link's 'friend'", async () => {
      for (const ref of ['friend', 'ZZZZZZZZ', '']) expect((await signup(`nobody-${ref || 'empty'}@example.com`, { ref })).statusCode).toBe(201);
      expect(
        await suite.handle.db
          .selectFrom('referrals')
          .select('id')
          .where('referred_user_id', 'in', suite.handle.db.selectFrom('users').select('id').where('email', 'like', 'nobody-%'))
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
    expect((await post('/api/account/details', { fullName: ' ', registrationNo: '' }, session)).json()).toEqual({
      code: 'FIELDS_MISSING',
      message: 'Please fill out all fields',
    });
  });

  it('changes the password with the current one, ending every other session', async () => {
    const here = sessionOf(await signup('change@example.com'));
    const elsewhere = sessionOf(await post('/api/auth/login', { email: 'change@example.com', password: 'secret1' }));
    expect((await post('/api/account/password', { currentPassword: 'wrong1', newPassword: 'secret2' }, here)).statusCode).toBe(400);
    expect((await post('/api/account/password', { currentPassword: 'secret1', newPassword: '12345' }, here)).json()).toEqual({
      code: 'PASSWORD_TOO_SHORT',
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
    // Someone may have opened an account on another's address: its newsletter is the member's once the address is shown to be theirs.
    const early = await post('/api/account/newsletter', { subscribe: false, idempotencyKey: key() }, session);
    expect([early.statusCode, early.json().code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
    await confirmByMail('reader@example.com');
    expect((await post('/api/account/newsletter', { subscribe: true, idempotencyKey: key() }, session)).statusCode).toBe(200);
    expect((await account(session)).newsletter).toBe('pending');
    const link = suite.mail.linkIn(suite.mail.lastTo('reader@example.com'), '?confirm=')!;
    await post('/api/newsletter/confirm', { token: new URL(link).searchParams.get('confirm') });
    expect((await account(session)).newsletter).toBe('subscribed');
    expect((await post('/api/account/newsletter', { subscribe: false, idempotencyKey: key() }, session)).statusCode).toBe(200);
    expect((await account(session)).newsletter).toBe('none');
  });

  it('downloads everything held about the member as a JSON file, and nothing of anyone else', async () => {
    const session = sessionOf(await signup('mine@example.com', { fullName: 'Mine Owner' }));
    const cookies = { ic_session: session };
    await suite.app.inject({
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
    await suite.app.inject({
      method: 'POST',
      url: '/api/enquiries/enrolment',
      headers: json,
      cookies: { ic_session: owner },
      payload: JSON.stringify({ idempotencyKey: key(), name: 'Leaving', email: 'leaving@example.com', phone: '9876543210', courseId: 3 }),
    });
    const user = await suite.handle.db.selectFrom('users').select('id').where('email_normalized', '=', 'leaving@example.com').executeTakeFirstOrThrow();
    await post('/api/auth/password-reset', { email: 'leaving@example.com' });

    expect((await post('/api/account/delete', { password: 'wrong-password' }, owner)).statusCode).toBe(400);
    const response = await post('/api/account/delete', { password: 'secret1' }, owner);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/ic_session=;/);

    expect(await suite.handle.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);
    expect(await suite.handle.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await suite.handle.db.selectFrom('password_resets').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await suite.handle.db.selectFrom('referrals').select('id').where('referrer_id', '=', user.id).execute()).toEqual([]);
    const enquiry = await suite.handle.db
      .selectFrom('enquiries')
      .select(['user_id', 'email'])
      .where('email', '=', 'leaving@example.com')
      .executeTakeFirstOrThrow();
    expect(enquiry.user_id).toBeNull();
    expect((await get('/api/account', owner)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'leaving@example.com', password: 'secret1' })).statusCode).toBe(401);
    // The friend's own account is untouched.
    expect((await get('/api/account', friend)).statusCode).toBe(200);
  });

  describe('forgot password', () => {
    const resetToken = (to: string) => new URL(suite.mail.linkIn(suite.mail.lastTo(to), '?token=')!).searchParams.get('token')!;

    it('answers the same whether or not an account uses the address, and mails only a real one', async () => {
      await signup('forgetful@example.com');
      const before = suite.mail.sent.length;
      const unknown = await post('/api/auth/password-reset', { email: 'nobody@example.com' });
      const known = await post('/api/auth/password-reset', { email: 'Forgetful@Example.com' });
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toMatchObject({ expiresInMinutes: 60 });
      expect(suite.mail.sent.length).toBe(before + 1);
      const sent = suite.mail.lastTo('forgetful@example.com')!;
      expect(sent.subject).toBe('Reset your InternCraft password');
      expect(suite.mail.linkIn(sent, '?token=')).toMatch(/^https:\/\/interncraft\.in\/reset-password\?token=[\w-]{43}$/);
      expect(sent.text).toContain('within 60 minutes');
      // The token is stored only as its hash.
      const rows = await suite.handle.db.selectFrom('password_resets').select('token_hash').execute();
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
      await suite.handle.db.updateTable('password_resets').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('used_at', 'is', null).execute();
      expect((await post('/api/auth/password-reset/confirm', { token, password: 'expired1' })).statusCode).toBe(410);
      expect((await post('/api/auth/login', { email: 'forgetful@example.com', password: 'expired1' })).statusCode).toBe(401);
    });

    it('keeps only the newest link good, and sends at most 3 a hour to one account', async () => {
      await signup('flood@example.com');
      // A confirmed address: the daily number of mails to an unconfirmed one is tested apart.
      await confirmByMail('flood@example.com');
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      const first = resetToken('flood@example.com');
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      const second = resetToken('flood@example.com');
      expect((await post('/api/auth/password-reset/confirm', { token: first, password: 'first11' })).statusCode).toBe(410);
      const before = suite.mail.sent.length;
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      await post('/api/auth/password-reset', { email: 'flood@example.com' });
      expect(suite.mail.sent.length).toBe(before + 1);
      expect((await post('/api/auth/password-reset/confirm', { token: second, password: 'second1' })).statusCode).toBe(410);
    });

    it('answers the same while mail is down, and sends the link once the mail server takes it again', async () => {
      await signup('patient@example.com');
      await confirmByMail('patient@example.com');
      suite.mail.failing = true;
      const before = suite.mail.sent.length;
      const response = await post('/api/auth/password-reset', { email: 'patient@example.com' });
      suite.mail.failing = false;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual((await post('/api/auth/password-reset', { email: 'nobody-at-all@example.com' })).json());
      expect(suite.mail.sent.length).toBe(before);
      await suite.handle.db.updateTable('mail_jobs').set({ next_attempt_at: new Date().toISOString() }).where('sent_at', 'is', null).execute();
      await suite.app.mailQueue.drain();
      expect(suite.mail.lastTo('patient@example.com')?.subject).toBe('Reset your InternCraft password');
    });

    it('voids a reset link asked for before the password was changed on the account page', async () => {
      const session = sessionOf(await signup('changer@example.com'));
      await confirmByMail('changer@example.com');
      await post('/api/auth/password-reset', { email: 'changer@example.com' });
      const token = resetToken('changer@example.com');
      expect((await post('/api/account/password', { currentPassword: 'secret1', newPassword: 'changed1' }, session)).statusCode).toBe(200);
      expect((await post('/api/auth/password-reset/confirm', { token, password: 'taken-over' })).statusCode).toBe(410);
      expect((await post('/api/auth/login', { email: 'changer@example.com', password: 'changed1' })).statusCode).toBe(200);
    });

    it('refuses a short new password and tokens it never made', async () => {
      expect((await post('/api/auth/password-reset/confirm', { token: 'A'.repeat(43), password: '12345' })).json()).toEqual({
        code: 'PASSWORD_TOO_SHORT',
        message: 'Password must be at least 6 characters',
      });
      expect((await post('/api/auth/password-reset/confirm', { token: 'A'.repeat(43), password: 'long-enough' })).statusCode).toBe(410);
    });
  });
});

describe.each(backends())('account and reset rate limits on $name', (backend) => {
  it('answers 429 after 5 reset requests in 15 minutes from one client', async () => {
    const { handle, dispose } = await backend.open();
    const app = await apiApp(handle, { rateLimits: true });
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
  it("never lets a stranger's wrong passwords stop the owner: their own device logs in, changes the password and deletes; a session's own guesses are limited", async () => {
    const { handle, dispose } = await backend.open();
    const app = await apiApp(handle, { rateLimits: { wrongPasswords: { max: 3, windowMs: 15 * 60_000 } } });
    try {
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        payload: JSON.stringify({ fullName: 'Asha Kumari', email: 'owner-device@example.com', password: 'secret12' }),
      });
      // The owner's browser: its session, and the device cookie the sign-up set.
      const owner = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const login = (password: string, cookie?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...json, ...(cookie ? { cookie } : {}) },
          payload: JSON.stringify({ email: 'owner-device@example.com', password }),
          remoteAddress: cookie ? '203.0.113.5' : '198.51.100.66',
        });
      const change = (currentPassword: string, newPassword = 'another-2') =>
        app.inject({
          method: 'POST',
          url: '/api/account/password',
          headers: { ...json, cookie: owner },
          payload: JSON.stringify({ currentPassword, newPassword }),
        });
      // A stranger guesses from elsewhere until the account is shut to strangers.
      const guesses: number[] = [];
      for (let i = 0; i < 5; i++) guesses.push((await login(`guess-${i}`)).statusCode);
      expect(guesses).toEqual([401, 401, 401, 429, 429]);
      expect((await login('secret12')).statusCode).toBe(429);
      // The owner's own device is let in with the right password, and may change it.
      expect((await login('secret12', owner)).statusCode).toBe(200);
      expect((await change('secret12', 'secret13')).statusCode).toBe(200);
      // The session's own wrong passwords are counted against it: three, then it waits.
      const own: number[] = [];
      for (let i = 0; i < 4; i++) own.push((await change(`wrong-${i}`)).statusCode);
      expect(own).toEqual([400, 400, 400, 429]);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
