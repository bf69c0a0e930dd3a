import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRefused } from '../../engine/shared/plainText.ts';
import { runCertificates } from '../../server/cli/certificates.ts';
import { SESSION_TABLES } from '../../server/features/accounts/index.ts';
import { addStaffFromCommandLine, removeStaffFromCommandLine } from '../../server/features/staff/index.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { runCli } from '../support/cli.ts';
import { backends } from '../support/databases.ts';
import { type Mailbox, mailbox } from '../support/mailbox.ts';
import { cookieOf, passwordOnly, signUp, staffSignedIn, totpCode } from '../support/staff.ts';

/**
 * Issue 33, items 3, 5, 8 and 10: a password change or reset ends the console's sessions too; a removed colleague
 * cannot come back through an invitation, and owners can withdraw one; text from outside holds nothing invisible or
 * direction-changing, and the audit log shows what it holds as data; refused console sign-ins are in the audit log,
 * within a bound a script cannot push.
 */

const PASSWORD = 'correct horse battery';

describe.each(backends())('the console’s sessions, invitations and texts on $name', (backend) => {
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

  const post = (url: string, payload: object, cookies: Record<string, string> = {}) => app.inject({ method: 'POST', url, headers: json, payload, cookies });
  const staffPost = (url: string, payload: object, cookie = owner) => post(url, payload, { ic_staff: cookie });
  const staffGet = (url: string, cookie = owner) => app.inject({ method: 'GET', url, cookies: { ic_staff: cookie } });
  const memberGet = (url: string, session: string) => app.inject({ method: 'GET', url, cookies: { ic_session: session } });
  const logIn = async (email: string, password = PASSWORD) => cookieOf(await post('/api/auth/login', { email, password }), 'ic_session');
  const members = async () => (await staffGet('/api/staff/members')).json() as { members: { id: number; email: string }[]; invitations: Invitation[] };
  const invite = async (email: string, role = 'staff') => {
    const response = await staffPost('/api/staff/invitations', { email, role });
    expect(response.statusCode, response.body).toBe(200);
    await app.mailQueue.drain();
    return invitationToken(email);
  };
  const invitationToken = (email: string) => mail.lastTo(email)!.text.match(/#invitation=([\w-]{43})/)![1]!;
  const accept = (token: string, fullName = 'Meera Iyer', password = 'a long passphrase') =>
    post('/api/staff/invitations/accept', { token, password, fullName });
  const auditOf = async (action: string) => app.db.selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  describe('item 3: a password change or reset ends every session of the person', () => {
    it('holds every table of sessions the migrations make in the list that ending every session goes through', async () => {
      const tables = (await app.db.introspection.getTables()).map((t) => t.name).filter((name) => /sessions?$/.test(name));
      expect(tables.sort()).toEqual([...SESSION_TABLES].sort());
    });

    it('a password change ends the console’s sessions and the other devices’, and keeps the device that made it', async () => {
      const { cookie: console } = await staffSignedIn(app, 'changer@example.com', 'staff');
      const halfway = await passwordOnly(app, 'changer@example.com');
      const here = await logIn('changer@example.com');
      const elsewhere = await logIn('changer@example.com');
      expect((await staffGet('/api/staff/me', console)).statusCode).toBe(200);

      const changed = await post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new passphrase' }, { ic_session: here });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await staffGet('/api/staff/me', console)).json().code).toBe('STAFF_NOT_SIGNED_IN');
      // A sign-in that had given only the old password cannot finish with a code either.
      expect((await staffPost('/api/staff/second-factor', { code: '000000' }, halfway)).json().code).toBe('STAFF_NOT_SIGNED_IN');
      expect((await memberGet('/api/account', elsewhere)).statusCode).toBe(401);
      expect((await memberGet('/api/account', here)).statusCode).toBe(200);
    });

    it('a reset ends every session, the console’s among them', async () => {
      const { cookie: console } = await staffSignedIn(app, 'resetter@example.com', 'viewer');
      const member = await logIn('resetter@example.com');
      await post('/api/auth/password-reset', { email: 'resetter@example.com' });
      await app.mailQueue.drain();
      const token = new URL(mail.linkIn(mail.lastTo('resetter@example.com'), '?token=')!).searchParams.get('token')!;
      const reset = await post('/api/auth/password-reset/confirm', { token, password: 'a new passphrase' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await staffGet('/api/staff/me', console)).json().code).toBe('STAFF_NOT_SIGNED_IN');
      expect((await memberGet('/api/account', member)).statusCode).toBe(401);
      // The reset's own new session is the one left.
      expect((await memberGet('/api/account', cookieOf(reset, 'ic_session'))).statusCode).toBe(200);
    });
  });

  describe('item 5: a removed colleague stays out; owners withdraw invitations', () => {
    it('voids the second invitation when the first is accepted, and a removal leaves nothing to come back by', async () => {
      const first = await invite('twice@example.com');
      const second = await invite('twice@example.com', 'viewer');
      expect((await accept(first)).statusCode).toBe(200);
      const list = await members();
      expect(list.invitations.map((i) => i.email)).not.toContain('twice@example.com');
      const joined = list.members.find((m) => m.email === 'twice@example.com')!;
      expect((await staffPost('/api/staff/members/remove', { userId: joined.id })).statusCode).toBe(200);
      const back = await accept(second, 'Meera Iyer');
      expect(back.statusCode).toBe(410);
      expect(back.json().code).toBe('INVITATION_INVALID');
      expect((await members()).members.map((m) => m.email)).not.toContain('twice@example.com');
      expect((await post('/api/staff/login', { email: 'twice@example.com', password: 'a long passphrase' })).json().code).toBe('LOGIN_FAILED');
    });

    it('a removal voids every invitation to the address not yet used, and ends the member’s sessions too', async () => {
      // Invited by mail, then made staff from the command line before the link was used.
      const pending = await invite('both@example.com', 'owner');
      await signUp(app, 'both@example.com');
      await addStaffFromCommandLine({ db: app.db, publicUrl: app.publicUrl }, 'both@example.com', 'viewer');
      const member = await logIn('both@example.com');
      expect((await members()).invitations.map((i) => i.email)).toContain('both@example.com');
      const id = (await members()).members.find((m) => m.email === 'both@example.com')!.id;
      expect((await staffPost('/api/staff/members/remove', { userId: id })).statusCode).toBe(200);
      expect((await members()).invitations.map((i) => i.email)).not.toContain('both@example.com');
      expect((await accept(pending, '', PASSWORD)).json().code).toBe('INVITATION_INVALID');
      expect((await memberGet('/api/account', member)).statusCode).toBe(401);
      const [removal] = (await auditOf('remove')).filter((e) => e.target === 'both@example.com');
      expect(JSON.parse(removal!.detail!)).toEqual({ role: 'viewer', invitationsVoided: 1 });
    });

    it('the command line’s removal voids them too', async () => {
      const pending = await invite('cli@example.com', 'staff');
      await signUp(app, 'cli@example.com');
      await addStaffFromCommandLine({ db: app.db, publicUrl: app.publicUrl }, 'cli@example.com', 'staff');
      expect(await removeStaffFromCommandLine(app.db, 'cli@example.com')).toBe(true);
      expect((await accept(pending, '', PASSWORD)).json().code).toBe('INVITATION_INVALID');
    });

    it('an owner withdraws an invitation: its link stops working, and the withdrawal is in the audit log', async () => {
      const token = await invite('withdrawn@example.com', 'viewer');
      const listed = (await members()).invitations.find((i) => i.email === 'withdrawn@example.com')!;
      expect(listed).toMatchObject({ role: 'viewer', invitedBy: 'owner@example.com', id: expect.any(Number) });
      expect(Date.parse(listed.expiresAt) - Date.parse(listed.createdAt)).toBe(72 * 3_600_000);
      const withdrawn = await staffPost('/api/staff/invitations/withdraw', { id: listed.id });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json().message).toBe('The invitation to withdrawn@example.com is withdrawn: its link no longer works.');
      expect((await members()).invitations.map((i) => i.id)).not.toContain(listed.id);
      expect((await accept(token)).json().code).toBe('INVITATION_INVALID');
      const again = await staffPost('/api/staff/invitations/withdraw', { id: listed.id });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        code: 'INVITATION_NOT_FOUND',
        message: 'That invitation is not waiting any more: it was accepted, withdrawn or has expired.',
      });
      const [entry] = await auditOf('withdraw invitation');
      expect(entry).toMatchObject({ actor: 'owner@example.com', target: 'withdrawn@example.com', detail: '{"role":"viewer"}' });
    });

    it('an invitation withdrawn before its mail went out is never mailed', async () => {
      // The queue held back (as while the mail server is down), so the mail is still to be composed when it is withdrawn.
      await app.mailQueue.stop();
      try {
        await staffPost('/api/staff/invitations', { email: 'unsent@example.com', role: 'staff' });
        const { id } = (await members()).invitations.find((i) => i.email === 'unsent@example.com')!;
        expect((await staffPost('/api/staff/invitations/withdraw', { id })).statusCode).toBe(200);
        await app.mailQueue.drain();
        expect(mail.lastTo('unsent@example.com')).toBeUndefined();
      } finally {
        app.mailQueue.start();
      }
    });
  });

  describe('item 8: text from outside holds nothing invisible or direction-changing', () => {
    const certificate = (overrides: Record<string, unknown> = {}) => ({
      certificateID: 'IC25/700001',
      studentName: 'Aarav Sharma',
      regNo: 'REG2025CS0142',
      college: 'NIT Patna',
      courseName: 'Web Development Internship',
      marks: '92%',
      issueDate: '2025-03-05',
      ...overrides,
    });
    const verify = async (id: string) => (await post('/api/certificates/verify', { certificateIDs: [id] })).json() as { studentName: string }[];
    const importFile = (fileName: string, text: string, write = false) => staffPost('/api/staff/certificates/import', { fileName, text, write });
    const HEADER = 'certificateID,studentName,regNo,college,courseName,marks,issueDate';

    it.each([
      ['NUL', '\u0000'],
      ['BEL', '\u0007'],
      ['ESC', '\u001b'],
      ['a right-to-left override (U+202E)', '\u202e'],
    ])('the console’s form refuses a certificate holding %s, naming the field; nothing is stored', async (_what, character) => {
      const issued = await staffPost('/api/staff/certificates/issue', { certificate: certificate({ studentName: `Aarav${character}Sharma` }) });
      expect(issued.statusCode).toBe(400);
      expect(issued.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The student’s name holds a control character (such as a line break or NUL); remove it.',
      });
      expect(await verify('IC25/700001')).toEqual([]);
    });

    it('an import names the line, the field and the character, and writes nothing', async () => {
      const text = `${HEADER}\nIC25/700002,Priya\u202eKumari,R1,NIT Patna,Web Development Internship,90%,2025-03-05\nIC25/700003,Ravi,R2,NIT\u001b[2JPatna,Web Development Internship,90%,2025-03-05\n`;
      const preview = await importFile('batch.csv', text);
      expect(preview.json().problems).toEqual([
        { line: 2, message: 'studentName holds U+202E at character 6, a control character or one that changes how text reads: remove it' },
        { line: 3, message: 'college holds U+001B at character 4, a control character or one that changes how text reads: remove it' },
      ]);
      const written = await importFile('batch.csv', text, true);
      expect(written.json().code).toBe('IMPORT_HAS_PROBLEMS');
      expect(await verify('IC25/700002')).toEqual([]);
    });

    it('an import’s file name cannot hold a line break: no forged line reaches the audit log', async () => {
      const before = (await app.db.selectFrom('staff_audit').select('id').execute()).length;
      const forged = 'nov.csv\n2026-01-01T00:00:00.000Z,owner@example.com,removed audit entries,,';
      const response = await importFile(forged, `${HEADER}\nIC25/700004,Ravi,R2,NIT Patna,Web Development Internship,90%,2025-03-05\n`, true);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The file name holds a control character (such as a line break or NUL); remove it.',
      });
      expect((await app.db.selectFrom('staff_audit').select('id').execute()).length).toBe(before);
    });

    it('keeps Devanagari’s joiners and every script, and a file’s leading byte-order mark', async () => {
      // क्‍ष with a zero-width joiner, र्‌ with a non-joiner: both change how the name is drawn, and are kept.
      const name = 'अर्जुन क्\u200dषत्रिय र्\u200cक';
      const issued = await staffPost('/api/staff/certificates/issue', { certificate: certificate({ certificateID: 'IC25/700005', studentName: name }) });
      expect(issued.statusCode, issued.body).toBe(200);
      expect((await verify('IC25/700005'))[0]!.studentName).toBe(name);
      const csv = await importFile('excel.csv', `\uFEFF${HEADER}\nIC25/700006,முருகன்,R3,সৌমিত্র College,Web Development Internship,80%,2025-03-05\n`, true);
      expect(csv.json().written, csv.body).toBe(1);
      const jsonFile = await importFile(
        'list.json',
        `\uFEFF${JSON.stringify([certificate({ certificateID: 'IC25/700007', studentName: 'عائشہ خان' })])}`,
        true,
      );
      expect(jsonFile.json().written, jsonFile.body).toBe(1);
    });

    it('refuses them in notes (which keep their line breaks), invitation names and revocation reasons', async () => {
      const contact = await post('/api/enquiries/contact', {
        idempotencyKey: '6f1c2a4e-8b7d-4c5e-9a3f-2d1e0b9c8a7f',
        name: 'Asha',
        email: 'asha@example.com',
        message: 'Hello',
      });
      const id = Number(String(contact.json().reference).replace(/\D/g, ''));
      expect((await staffPost('/api/staff/enquiries/update', { id, note: 'Called.\nWill pay Friday.' })).statusCode).toBe(200);
      const note = await staffPost('/api/staff/enquiries/update', { id, note: 'Called \u202eyadirF' });
      expect(note.json().message).toBe('The note holds a control character (such as NUL); remove it.');
      const token = await invite('named@example.com');
      expect((await accept(token, 'Meera\u2066Iyer')).json().message).toBe('The full name holds a control character (such as a line break or NUL); remove it.');
      const reason = await staffPost('/api/staff/certificates/revoke', { id: 'IC25/700005', reason: 'Issued in error\u001b[8m' });
      expect(reason.json().message).toBe('The reason holds a control character (such as a line break or NUL); remove it.');
    });

    it('the audit log shows any stored text as data: no line or entry of its own in the export, whatever a row holds', async () => {
      // A row as a bug, an old version or a direct write could have left it: the export must still hold it to its cell.
      // (BEL, not NUL, at the end: PostgreSQL cannot store a NUL at all.)
      const forged = 'nov.csv\r\n2026-01-01T00:00:00.000Z,"owner@example.com","removed audit entries"\n\u202egpj.exe\u0007';
      await app.db
        .insertInto('staff_audit')
        .values({ at: new Date().toISOString(), actor: 'x@example.com\n', action: 'import', target: forged, detail: '{"note":"\u2028"}', client: '127.0.0.1' })
        .execute();
      const rows = (await app.db.selectFrom('staff_audit').select('id').execute()).length;
      const exported = await staffGet('/api/staff/audit/export');
      expect(exported.statusCode).toBe(200);
      const body = exported.body.replace(/^\uFEFF/, '');
      // One line per entry and the header: nothing inside a cell breaks a line, turns text around or hides.
      const lines = body.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.length - 2).toBe(rows);
      expect(firstRefused(body.replaceAll('\r\n', ''))).toBeUndefined();
      const records = parseCsv(body, { columns: true }) as Record<string, string>[];
      expect(records).toHaveLength(rows);
      const row = records.find((r) => r['target']?.startsWith('nov.csv'))!;
      expect(row['target']).toBe('nov.csv\\u000d\\u000a2026-01-01T00:00:00.000Z,"owner@example.com","removed audit entries"\\u000a\\u202egpj.exe\\u0007');
      expect(row['who']).toBe('x@example.com\\u000a');
      expect(row['what changed']).toBe('{"note":"\\u2028"}');
      expect(records.filter((r) => r['action'] === 'removed audit entries')).toEqual([]);
    });
  });
});

describe('npm run certificates -- revoke', () => {
  it('refuses a reason holding a control character, as the console does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'revoke-'));
    try {
      const env = { SQLITE_FILE: path.join(dir, 'site.db') };
      const file = path.join(dir, 'one.csv');
      fs.writeFileSync(
        file,
        'certificateID,studentName,regNo,college,courseName,marks,issueDate\nIC25/710001,Ravi,R1,NIT Patna,Web Development Internship,90%,2025-03-05\n',
      );
      expect((await runCli(runCertificates, ['import', file], env)).code).toBe(0);
      const refused = await runCli(runCertificates, ['revoke', 'IC25/710001', '--reason', 'Issued in error\u202e'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('The reason holds U+202E at character 16');
      expect((await runCli(runCertificates, ['revoke', 'IC25/710001', '--reason', 'Issued in error'], env)).code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

interface Invitation {
  id: number;
  email: string;
  role: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

describe.each(backends())('item 10: refused console sign-ins are audited, within a bound, on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    // Limits as in production, but for the sign-in's own allowance per client (10 a minute), raised so one test
    // client can make the tries a script spread over a minute or an hour would.
    app = await apiApp(opened.handle, {
      rateLimits: { staffLogin: { max: 1000, windowMs: 60_000 }, signup: { max: 1000, windowMs: 60_000 }, login: { max: 1000, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/staff/login', headers: json, payload: { email, password }, remoteAddress });
  const audit = () => app.db.selectFrom('staff_audit').selectAll().where('action', '!=', 'sign-in').orderBy('id').execute();
  const codes = (responses: LightMyRequestResponse[]) => responses.map((r) => r.json().code);

  it('writes each wrong password and each lock-out, with the address typed and the client, and never the password', async () => {
    await staffSignedIn(app, 'targeted@example.com', 'staff');
    const before = (await audit()).length;
    const tries: LightMyRequestResponse[] = [];
    for (let i = 0; i < 21; i++) tries.push(await login('Targeted@Example.com', `guess number ${i}`, '198.51.100.7'));
    expect(codes(tries)).toEqual([...Array(5).fill('LOGIN_FAILED'), ...Array(16).fill('ACCOUNT_LOCKED')]);
    const rows = (await audit()).slice(before);
    expect(rows).toHaveLength(21);
    expect(rows.slice(0, 5).every((r) => r.action === 'sign-in refused' && r.detail === '{"step":"password"}')).toBe(true);
    expect(rows.slice(5).every((r) => r.action === 'locked out' && JSON.parse(r.detail!).step === 'password')).toBe(true);
    expect(JSON.parse(rows[5]!.detail!).retryAfterSeconds).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ actor: 'Targeted@Example.com', client: '198.51.100.7', target: null });
    expect(JSON.stringify(await app.db.selectFrom('staff_audit').selectAll().execute())).not.toContain('guess number');
  });

  it('writes an unknown address and a member without a role as it writes a wrong password: one entry, as one answer', async () => {
    await signUp(app, 'member-only@example.com');
    const before = (await audit()).length;
    await login('nobody@example.com', PASSWORD, '198.51.100.8');
    await login('member-only@example.com', PASSWORD, '198.51.100.8');
    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.action, r.actor, r.detail])).toEqual([
      ['sign-in refused', 'nobody@example.com', '{"step":"password"}'],
      ['sign-in refused', 'member-only@example.com', '{"step":"password"}'],
    ]);
  });

  it('writes each wrong code and the lock-out of the second factor', async () => {
    const { secret } = await staffSignedIn(app, 'coded@example.com', 'viewer');
    const cookie = cookieOf(await login('coded@example.com', PASSWORD, '198.51.100.9'), 'ic_staff');
    const before = (await audit()).length;
    // Two hours off: outside the steps looked at for a phone's clock (STEPS_LOOKED_AT), so it is simply wrong.
    const wrong = totpCode(secret, Date.now() - 2 * 3_600_000);
    const tries: LightMyRequestResponse[] = [];
    for (let i = 0; i < 6; i++)
      tries.push(
        await app.inject({
          method: 'POST',
          url: '/api/staff/second-factor',
          headers: json,
          cookies: { ic_staff: cookie },
          payload: { code: wrong },
          remoteAddress: '198.51.100.9',
        }),
      );
    expect(codes(tries)).toEqual([...Array(5).fill('SECOND_FACTOR_WRONG'), 'ACCOUNT_LOCKED']);
    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.action, r.actor, JSON.parse(r.detail!).step])).toEqual([
      ...Array(5).fill(['sign-in refused', 'coded@example.com', 'code']),
      ['locked out', 'coded@example.com', 'code'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(wrong);
  });

  it('lets one client add at most 31 entries an hour, however many tries it makes; another client has its own', async () => {
    const before = (await audit()).length;
    for (let i = 0; i < 45; i++) await login(`script${i}@example.com`, 'guess', '203.0.113.50');
    const rows = (await audit()).slice(before);
    expect(rows).toHaveLength(31);
    expect(rows.slice(0, 30).every((r) => r.action === 'sign-in refused')).toBe(true);
    expect(rows[30]).toMatchObject({ action: 'refusals not recorded', client: '203.0.113.50' });
    expect(JSON.parse(rows[30]!.detail!)).toEqual({ after: 30, until: expect.any(String) });
    await login('other@example.com', 'guess', '203.0.113.51');
    expect((await audit()).slice(before + 31)).toMatchObject([{ action: 'sign-in refused', client: '203.0.113.51' }]);
  });
});
