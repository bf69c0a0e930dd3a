import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, staffEndpoints } from '../../engine/shared/apiRoutes.ts';
import { runStaff } from '../../server/cli/staff.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { addStaffFromCommandLine } from '../../server/features/staff/index.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { runCli } from '../support/cli.ts';
import { backends } from '../support/databases.ts';
import { type Mailbox, mailbox } from '../support/mailbox.ts';
import { decodeQrSvg } from '../support/qr.ts';
import { cookieOf, signUp, staffSignedIn, totpCode } from '../support/staff.ts';

describe.each(backends())('the staff console on $name', (backend) => {
  let app: FastifyInstance;
  let mail: Mailbox;
  let dispose: () => Promise<void>;
  let owner: string;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    mail = mailbox();
    app = await apiApp(opened.handle, { mailer: mail, publicUrl: 'https://interncraft.in' });
    owner = (await staffSignedIn(app, 'owner@example.com', 'owner')).cookie;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    app.inject({ method: 'POST', url, headers: json, payload, ...(cookie ? { cookies: { ic_staff: cookie } } : {}) });
  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, cookies: { ic_staff: cookie } });

  it('sets a session cookie for the console only, HTTP-only, strict and shorter than a member’s', async () => {
    await signUp(app, 'cookie@example.com');
    const { secret } = await staffSignedIn(app, 'cookie2@example.com', 'viewer');
    const login = await post('/api/staff/login', { email: 'cookie2@example.com', password: 'correct horse battery' });
    expect(login.json()).toEqual({ message: expect.any(String), secondFactor: 'code' });
    const staffCookies = login.cookies.filter((c) => c.name === 'ic_staff');
    expect(staffCookies.map((c) => c.path).sort()).toEqual(['/api/staff', '/staff']);
    for (const c of staffCookies) {
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Strict');
      expect(c.maxAge).toBeLessThanOrEqual(5 * 60);
    }
    // Wait for the next time step: the code used at setup is spent.
    const second = await post('/api/staff/second-factor', { code: totpCode(secret, Date.now() + 30_000) }, cookieOf(login, 'ic_staff'));
    expect(second.statusCode, second.body).toBe(200);
    const full = second.cookies.find((c) => c.name === 'ic_staff')!;
    expect(full.maxAge).toBe(480 * 60);
    expect(full.maxAge!).toBeLessThan(7 * 24 * 60 * 60);
    // The password-only token is gone: the session took a new one.
    expect((await get('/api/staff/me', cookieOf(login, 'ic_staff'))).statusCode).toBe(401);
    expect((await get('/api/staff/me', full.value)).json().staff.email).toBe('cookie2@example.com');
  });

  it('answers one refusal for a wrong password, an unknown address and a member without a role', async () => {
    await signUp(app, 'just-a-member@example.com');
    for (const payload of [
      { email: 'owner@example.com', password: 'wrong password' },
      { email: 'nobody@example.com', password: 'correct horse battery' },
      { email: 'just-a-member@example.com', password: 'correct horse battery' },
    ]) {
      const response = await post('/api/staff/login', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('LOGIN_FAILED');
      expect(response.cookies.find((c) => c.name === 'ic_staff')).toBeUndefined();
    }
  });

  it('takes each authenticator code once, and each recovery code once', async () => {
    const { secret, recoveryCodes } = await staffSignedIn(app, 'codes@example.com', 'staff');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const signIn = async () => cookieOf(await post('/api/staff/login', { email: 'codes@example.com', password: 'correct horse battery' }), 'ic_staff');
    // The code of the step used at setup, again: refused.
    const replay = await post('/api/staff/second-factor', { code: totpCode(secret) }, await signIn());
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SECOND_FACTOR_USED');
    const first = await post('/api/staff/second-factor', { code: recoveryCodes[0]!.toUpperCase() }, await signIn());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().recoveryCodes).toBeUndefined();
    const again = await post('/api/staff/second-factor', { code: recoveryCodes[0]! }, await signIn());
    expect(again.json().code).toBe('SECOND_FACTOR_WRONG');
  });

  it('shows the set-up as a QR code of its otpauth address, the same secret at every sign-in until a code from it is given (issue 37)', async () => {
    await signUp(app, 'scanner@example.com');
    await addStaffFromCommandLine({ db: app.db, publicUrl: app.publicUrl }, 'scanner@example.com', 'staff');
    const signIn = () => post('/api/staff/login', { email: 'scanner@example.com', password: 'correct horse battery' });
    const first = (await signIn()).json().setup as { secret: string; uri: string; qr: string };
    expect(first.qr).toMatch(/^<svg /);
    // What a phone's camera reads is the setup address, holding the secret shown beside it.
    expect(decodeQrSvg(first.qr)).toBe(first.uri);
    expect(new URL(first.uri).searchParams.get('secret')).toBe(first.secret);
    // She signs in again before typing a code (a reload, a closed tab): the secret her phone holds stays good.
    const again = await signIn();
    expect(again.json().setup).toEqual(first);
    const done = await post('/api/staff/second-factor', { code: totpCode(first.secret) }, cookieOf(again, 'ic_staff'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    // Set up: the secret is never shown again.
    expect((await signIn()).json()).toEqual({ message: expect.any(String), secondFactor: 'code' });
  });

  it('says why a code failed: used, expired, a phone clock behind (by how much), or not a code of this entry', async () => {
    const { secret } = await staffSignedIn(app, 'clock@example.com', 'staff');
    const signIn = async () => cookieOf(await post('/api/staff/login', { email: 'clock@example.com', password: 'correct horse battery' }), 'ic_staff');
    const refusal = async (code: string) => (await post('/api/staff/second-factor', { code }, await signIn())).json() as { code: string; message: string };
    const minute = 60_000;
    expect((await refusal(totpCode(secret, Date.now() - 1.5 * minute))).code).toBe('SECOND_FACTOR_EXPIRED');
    const behind = await refusal(totpCode(secret, Date.now() - 6 * minute));
    expect(behind).toMatchObject({ code: 'SECOND_FACTOR_CLOCK_BEHIND', message: expect.stringContaining('about 6 minutes ago') });
    // Ahead, once set up, is not said: it would tell a guesser which code will work later.
    expect((await refusal(totpCode(secret, Date.now() + 6 * minute))).code).toBe('SECOND_FACTOR_WRONG');
    // Another secret's code (an old entry in the app) matches no time near now.
    expect((await refusal(totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'))).code).toBe('SECOND_FACTOR_WRONG');
  });

  it('invites by mail with a single-use link; the new member sets a password, then an authenticator', async () => {
    const invite = await post('/api/staff/invitations', { email: 'Meera@Example.com', role: 'staff' }, owner);
    expect(invite.statusCode, invite.body).toBe(200);
    await app.mailQueue.drain();
    const sent = mail.lastTo('meera@example.com')!;
    expect(sent.subject).toContain('staff console');
    const link = sent.text.match(/https:\/\/interncraft\.in\/staff\/#invitation=([\w-]{43})/);
    expect(link, sent.text).not.toBeNull();
    const token = link![1]!;
    // Her page says whom the link is for (she does not type her address), and a made-up token learns nothing.
    const opened = await post('/api/staff/invitations/open', { token });
    expect(opened.json()).toMatchObject({ email: 'Meera@Example.com', role: 'staff', hasAccount: false, expiresAt: expect.any(String) });
    expect(opened.headers['cache-control']).toBe('no-store');
    expect((await post('/api/staff/invitations/open', { token: `${token.slice(0, -2)}xx` })).json().code).toBe('INVITATION_INVALID');
    const tooShort = await post('/api/staff/invitations/accept', { token, password: 'abc', fullName: 'Meera Iyer' });
    expect(tooShort.json().code).toBe('PASSWORD_TOO_SHORT');
    const accepted = await post('/api/staff/invitations/accept', { token, password: 'a long passphrase', fullName: 'Meera Iyer' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const reused = await post('/api/staff/invitations/accept', { token, password: 'a long passphrase', fullName: 'Meera Iyer' });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('INVITATION_INVALID');
    const login = await post('/api/staff/login', { email: 'meera@example.com', password: 'a long passphrase' });
    expect(login.json().secondFactor).toBe('setup');
    expect(login.json().setup.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const again = await post('/api/staff/invitations', { email: 'meera@example.com', role: 'viewer' }, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('STAFF_ALREADY');
  });

  it('signs a removed member out everywhere at once, and never removes the last owner', async () => {
    const { cookie } = await staffSignedIn(app, 'leaving@example.com', 'staff');
    expect((await get('/api/staff/me', cookie)).statusCode).toBe(200);
    const members = (await get('/api/staff/members', owner)).json().members as { id: number; email: string }[];
    const leaving = members.find((m) => m.email === 'leaving@example.com')!;
    const removed = await post('/api/staff/members/remove', { userId: leaving.id }, owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get('/api/staff/me', cookie)).json().code).toBe('STAFF_NOT_SIGNED_IN');
    const self = members.find((m) => m.email === 'owner@example.com')!;
    const last = await post('/api/staff/members/remove', { userId: self.id }, owner);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_OWNER');
  });

  it('writes every action to the audit log, which owners read and export and nobody edits', async () => {
    const log = (await get('/api/staff/audit', owner)).json();
    const actions = new Set(log.entries.map((e: { action: string }) => e.action));
    for (const action of ['sign-in', 'invite', 'accept invitation', 'remove', 'add staff']) expect(actions).toContain(action);
    const invite = log.entries.find((e: { action: string }) => e.action === 'invite');
    expect(invite).toMatchObject({ actor: 'owner@example.com', target: 'Meera@Example.com', detail: '{"role":"staff"}', client: '127.0.0.1' });
    const exported = await get('/api/staff/audit/export', owner);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.body).toContain('Meera@Example.com');
    // Reading it is an action too.
    expect((await get('/api/staff/audit?action=export', owner)).json().total).toBe(1);
    // No console route changes the log: every route that names it only reads.
    for (const [name, [method, where]] of Object.entries(staffEndpoints)) if (where.includes('audit')) expect(method, name).toBe('GET');
    expect(Object.values(apiRoutes).filter((r) => !['GET', 'POST'].includes(r.method))).toEqual([]);
  });
});

describe('strangers’ wrong passwords for a staff account', () => {
  it('lock the account for unknown browsers, never for the browser its owner signed in with before', async () => {
    const opened = await backends()[0]!.open();
    const app = await apiApp(opened.handle, { rateLimits: true });
    const login = (cookies: Record<string, string> = {}, password = 'correct horse battery') =>
      app.inject({ method: 'POST', url: '/api/staff/login', headers: json, cookies, payload: { email: 'targeted@example.com', password } });
    try {
      const { device } = await staffSignedIn(app, 'targeted@example.com', 'staff');
      const strangers = [];
      for (let i = 0; i < 6; i++) strangers.push((await login({}, `guess ${i}`)).json().code);
      expect(strangers).toEqual([...Array(5).fill('LOGIN_FAILED'), 'ACCOUNT_LOCKED']);
      // The owner's own browser still signs in; any other browser, even with the right password, waits.
      expect((await login({ ic_device: device })).statusCode).toBe(200);
      expect((await login()).json().code).toBe('ACCOUNT_LOCKED');
    } finally {
      await app.close();
      await opened.dispose();
    }
  });
});

describe('a staff member’s wrong codes', () => {
  it('lock the second factor for a while after five', async () => {
    const opened = await backends()[0]!.open();
    const app = await apiApp(opened.handle, { rateLimits: true });
    try {
      await staffSignedIn(app, 'guessed@example.com', 'viewer');
      const login = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        headers: json,
        payload: { email: 'guessed@example.com', password: 'correct horse battery' },
      });
      const cookie = cookieOf(login, 'ic_staff');
      const codes = [];
      for (let i = 0; i < 6; i++) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/staff/second-factor',
          headers: json,
          cookies: { ic_staff: cookie },
          payload: { code: '000000' },
        });
        codes.push(response.json().code);
      }
      expect(codes).toEqual([...Array(5).fill('SECOND_FACTOR_WRONG'), 'ACCOUNT_LOCKED']);
    } finally {
      await app.close();
      await opened.dispose();
    }
  });
});

describe.each(backends())('npm run staff on $name', (backend) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let env: Record<string, string>;
  beforeAll(async () => {
    if (backend.name === 'sqlite') {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'staff-cli-')), 'site.db');
      handle = await openDatabase({ sqliteFile: file });
      dispose = () => handle.close();
      env = { SQLITE_FILE: file, DATABASE_URL: '', PUBLIC_URL: 'https://interncraft.in' };
    } else {
      const opened = await backend.open();
      handle = opened.handle;
      dispose = opened.dispose;
      env = {
        DATABASE_URL: process.env['TEST_DATABASE_URL']!.replace(/\/[^/]*$/, `/${handle.location.split('/').pop()}`),
        PUBLIC_URL: 'https://interncraft.in',
      };
    }
  });
  afterAll(async () => {
    await dispose?.();
  });
  const cli = (args: string[]) => runCli(runStaff, args, env);

  it('makes an existing account an owner, who can then sign in to the console', async () => {
    const app = await apiApp(handle);
    try {
      await signUp(app, 'first-owner@example.com');
      const added = await cli(['add', 'first-owner@example.com', '--role', 'owner']);
      expect(added).toMatchObject({ code: 0, stdout: 'first-owner@example.com is now an owner of the staff console. They sign in at /staff.\n' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/staff/login',
        headers: json,
        payload: { email: 'first-owner@example.com', password: 'correct horse battery' },
      });
      expect(login.statusCode).toBe(200);
      expect((await cli(['list'])).stdout).toMatch(/^first-owner@example\.com\towner\tauthenticator not set up\tadded .* by command line\n$/);
    } finally {
      await app.close();
    }
  });

  it('prints a single-use invitation link for an address with no account', async () => {
    const invited = await cli(['add', 'new-owner@example.com', '--role', 'owner']);
    expect(invited.code).toBe(0);
    const token = invited.stdout.match(/https:\/\/interncraft\.in\/staff\/#invitation=([\w-]{43})\n$/)?.[1];
    expect(token, invited.stdout).toBeDefined();
    const app = await apiApp(handle);
    try {
      const accept = () =>
        app.inject({
          method: 'POST',
          url: '/api/staff/invitations/accept',
          headers: json,
          payload: { token, password: 'a long passphrase', fullName: 'New Owner' },
        });
      expect((await accept()).statusCode).toBe(200);
      expect((await accept()).statusCode).toBe(410);
    } finally {
      await app.close();
    }
    expect((await cli(['list'])).stdout).toContain('new-owner@example.com\towner');
  });

  it("prints a link to this machine's server (PORT) without PUBLIC_URL, never data/site.json's public address (issue 37)", async () => {
    const { PUBLIC_URL: _, ...local } = env;
    const invited = await runCli(runStaff, ['add', 'beside-npm-start@example.com', '--role', 'staff'], { ...local, PORT: '5313' });
    expect(invited.code).toBe(0);
    expect(invited.stdout).toMatch(/http:\/\/localhost:5313\/staff\/#invitation=[\w-]{43}\n$/);
    expect(invited.stdout).not.toContain('interncraft.in');
  });

  it('refuses what it cannot do, saying how it is used', async () => {
    expect(await cli(['add', 'x@example.com'])).toMatchObject({ code: 1, stderr: expect.stringContaining('add needs one e-mail address and --role') });
    expect(await cli(['add', 'x@example.com', '--role', 'king'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--role is one of owner, staff, viewer, not king'),
    });
    expect(await cli(['add', 'not-an-address', '--role', 'owner'])).toMatchObject({ code: 1 });
    expect(await cli(['remove', 'nobody@example.com'])).toMatchObject({ code: 1, stderr: 'nobody@example.com is not on the staff.\n' });
    expect(await cli([])).toMatchObject({ code: 1 });
  });

  it('removes a member', async () => {
    expect(await cli(['remove', 'new-owner@example.com'])).toMatchObject({ code: 0 });
    expect((await cli(['list'])).stdout).not.toContain('new-owner@example.com');
  });
});
