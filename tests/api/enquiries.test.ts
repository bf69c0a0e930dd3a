import { describe, expect, it } from 'vitest';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { apiApp, json, mailingSuite } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { mailbox } from '../support/mailbox.ts';

const store = loadSchemaStore(`${projectRoot}/schemas`);
let keys = 0;
const key = () => `test-key-${String(++keys).padStart(8, '0')}-${Date.now()}`;
const enrolment = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: key(),
  name: 'Asha Kumari',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  courseId: 2,
  ...overrides,
});

describe.each(backends())('enrolment and contact enquiries on $name', (backend) => {
  const suite = mailingSuite(backend);
  const post = (url: string, payload: unknown, headers: Record<string, string> = json) => suite.post(url, payload, { headers });
  const rows = () => suite.handle.db.selectFrom('enquiries').selectAll().orderBy('id').execute();

  it('stores an enrolment and acknowledges it by e-mail with the course, its price and the reference, and nothing the sender typed', async () => {
    const response = await post('/api/enquiries/enrolment', enrolment());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(store.validate('api/enquiry.response.schema.json', body).errors).toEqual([]);
    // The answer says what has happened when it is given: the acknowledgement is queued, not yet sent.
    expect(body).toMatchObject({ reference: expect.stringMatching(/^E\d{6}$/), acknowledged: false, course: 'Revit' });
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: 'enrolment',
      name: 'Asha Kumari',
      email: 'asha@example.com',
      phone: '+91 98765 43210',
      subject_kind: 'course',
      subject_id: '2',
      subject_title: 'Revit',
      status: 'new',
      user_id: null,
    });
    expect(row!.acknowledged_at).not.toBeNull();
    const sent = suite.mail.lastTo('asha@example.com')!;
    expect(sent.subject).toBe('We have your enrolment request for Revit');
    // The name was typed by whoever filled the form, for an address not shown to be theirs: it is not mailed.
    expect(sent.text).toContain('Hello,');
    expect(sent.text).not.toContain('Asha');
    expect(sent.text).toContain('Revit (8 weeks, ₹899)');
    expect(sent.text).toContain(`its reference is ${body.reference}`);
    // Not a newsletter mail: no unsubscribe line or header.
    expect(sent.text).not.toContain('unsubscribe');
    expect(sent.headers).toBeUndefined();
  });

  it('stores a double submit once: the same key gets the first answer, and one mail', async () => {
    const before = { rows: (await rows()).length, mails: suite.mail.sent.length };
    const payload = enrolment({ email: 'twice@example.com' });
    const [first, second] = await Promise.all([post('/api/enquiries/enrolment', payload), post('/api/enquiries/enrolment', payload)]);
    const third = await post('/api/enquiries/enrolment', payload);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(third.statusCode).toBe(200);
    expect(new Set([first.json().reference, second.json().reference, third.json().reference]).size).toBe(1);
    expect((await rows()).length).toBe(before.rows + 1);
    expect(suite.mail.sent.length).toBe(before.mails + 1);
  });

  it('links the enrolment to the account of a logged-in student', async () => {
    const signup = await post('/api/auth/signup', { fullName: 'Ravi Kumar', email: 'ravi@example.com', password: 'secret1' });
    const cookie = String(signup.headers['set-cookie']).match(/ic_session=([^;]+)/)![1]!;
    const response = await suite.app.inject({
      method: 'POST',
      url: '/api/enquiries/enrolment',
      headers: json,
      cookies: { ic_session: cookie },
      payload: JSON.stringify(enrolment({ name: 'Ravi Kumar', email: 'ravi@example.com', courseId: 1 })),
    });
    expect(response.statusCode).toBe(201);
    await suite.app.mailQueue.drain();
    const user = await suite.handle.db.selectFrom('users').select('id').where('email_normalized', '=', 'ravi@example.com').executeTakeFirstOrThrow();
    expect((await rows()).at(-1)).toMatchObject({ user_id: user.id, subject_title: 'Web Development' });
    const account = await suite.app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: cookie } });
    expect(account.json().enquiries).toEqual([
      { reference: response.json().reference, kind: 'enrolment', receivedAt: expect.any(String), course: 'Web Development', acknowledged: true },
    ]);
  });

  it('stores the enrolment even when the acknowledgement cannot be sent, and says it was not sent', async () => {
    suite.mail.failing = true;
    try {
      const response = await post('/api/enquiries/enrolment', enrolment({ email: 'nomail@example.com' }));
      expect(response.statusCode).toBe(201);
      expect(response.json().acknowledged).toBe(false);
      expect((await rows()).at(-1)).toMatchObject({ email: 'nomail@example.com', acknowledged_at: null });
    } finally {
      suite.mail.failing = false;
    }
  });

  it.each([
    ['an empty name', { name: '  ' }, 'FIELDS_MISSING', 'Please fill out all fields'],
    ['a malformed e-mail', { email: 'asha@example' }, 'EMAIL_INVALID', 'Invalid email format'],
    ['a phone number nobody can call', { phone: '12' }, 'PHONE_INVALID', 'Please give a phone number we can call, such as 98765 43210.'],
    ['letters for a phone number', { phone: 'call me maybe' }, 'PHONE_INVALID', 'Please give a phone number we can call, such as 98765 43210.'],
    ['a course that does not exist', { courseId: 999 }, 'COURSE_NOT_FOUND', 'Course not found'],
    [
      'a control character in the name',
      { name: 'Asha\u0007' },
      'VALIDATION_FAILED',
      'The name holds a control character (such as a line break or NUL); remove it.',
    ],
    ['a key too short to be unique', { idempotencyKey: 'abc' }, 'VALIDATION_FAILED', 'The form key is not valid.'],
    ['an unknown field', { admin: true }, 'VALIDATION_FAILED', '"admin" is not allowed in this request.'],
  ])('refuses %s, storing nothing', async (_what, overrides, code, message) => {
    const before = (await rows()).length;
    const response = await post('/api/enquiries/enrolment', enrolment(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message });
    expect((await rows()).length).toBe(before);
  });

  it('stores a contact message with its line breaks; no mail is sent for it', async () => {
    const before = suite.mail.sent.length;
    const response = await post('/api/enquiries/contact', {
      idempotencyKey: key(),
      name: 'Meera',
      email: 'meera@example.com',
      message: 'Is Revit taught in Hindi?\nThank you.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ acknowledged: false });
    expect((await rows()).at(-1)).toMatchObject({
      kind: 'contact',
      message: 'Is Revit taught in Hindi?\nThank you.',
      phone: null,
      subject_kind: null,
      subject_id: null,
      status: 'new',
    });
    expect(suite.mail.sent.length).toBe(before);
  });

  it('refuses a key already used for the other kind of enquiry (409)', async () => {
    const payload = enrolment();
    expect((await post('/api/enquiries/enrolment', payload)).statusCode).toBe(201);
    const response = await post('/api/enquiries/contact', { idempotencyKey: payload.idempotencyKey, name: 'X', email: 'x@example.com', message: 'Hi' });
    expect(response.statusCode).toBe(409);
  });

  it('forgets enquiries a year after they arrived, when the next one comes', async () => {
    await suite.handle.db.updateTable('enquiries').set({ received_at: '2020-01-01T00:00:00.000Z' }).where('email', '=', 'meera@example.com').execute();
    await post('/api/enquiries/contact', { idempotencyKey: key(), name: 'Later', email: 'later@example.com', message: 'Hello' });
    expect((await rows()).some((r) => r.email === 'meera@example.com')).toBe(false);
  });

  it('refuses a request from another website', async () => {
    const response = await post('/api/enquiries/enrolment', enrolment(), { ...json, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });
});

describe.each(backends())('enquiry rate limits on $name', (backend) => {
  it('answers 429 after 10 enrolments an hour from one client', async () => {
    const { handle, dispose } = await backend.open();
    const app = await apiApp(handle, { rateLimits: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await app.inject({ method: 'POST', url: '/api/enquiries/enrolment', headers: json, payload: JSON.stringify(enrolment()) });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses[10]).toBe(429);
    } finally {
      await app.close();
      await dispose();
    }
  });
});

describe.each(backends())('what every form that takes an e-mail refuses, on $name', (backend) => {
  const suite = mailingSuite(backend);
  const post = (url: string, payload: unknown) => suite.app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(payload) });
  const contact = (overrides: Record<string, unknown> = {}) => ({
    idempotencyKey: key(),
    name: 'Asha Kumari',
    email: 'asha@example.com',
    message: 'Hello',
    ...overrides,
  });

  // "аsha" with a Cyrillic а reads as asha@example.com: refused as sign-up refuses it.
  const lookAlike = '\u0430sha@example.com';
  it.each([
    ['/api/enquiries/enrolment', () => enrolment({ email: lookAlike })],
    ['/api/enquiries/contact', () => contact({ email: lookAlike })],
    ['/api/newsletter', () => ({ idempotencyKey: key(), email: lookAlike })],
    ['/api/auth/password-reset', () => ({ email: lookAlike })],
  ])('%s refuses an address with look-alike letters, and stores and sends nothing', async (url, body) => {
    const before = { enquiries: (await suite.handle.db.selectFrom('enquiries').select('id').execute()).length, mails: suite.mail.sent.length };
    const response = await post(url, body());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid email format');
    expect((await suite.handle.db.selectFrom('enquiries').select('id').execute()).length).toBe(before.enquiries);
    expect(suite.mail.sent.length).toBe(before.mails);
  });

  it('matches a full-width address to its ASCII form (NFKC), as accounts are matched', async () => {
    const response = await post('/api/enquiries/contact', contact({ email: 'ＡＳＨＡ@example.com' }));
    expect(response.statusCode).toBe(201);
    const row = await suite.handle.db.selectFrom('enquiries').select('email_normalized').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.email_normalized).toBe('asha@example.com');
  });

  it.each([
    ['/api/enquiries/enrolment', () => enrolment({ name: 'Asha\u0000Kumari' }), 'name'],
    ['/api/enquiries/enrolment', () => enrolment({ phone: '98765\n43210' }), 'phone number'],
    ['/api/enquiries/contact', () => contact({ email: 'asha@example.com\r\nBcc: x@example.com' }), 'e-mail'],
    ['/api/newsletter', () => ({ idempotencyKey: key(), email: 'asha@example.com\u0007' }), 'e-mail'],
  ])('%s refuses a control character with the sentence every request schema uses', async (url, body, field) => {
    const response = await post(url, body());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`The ${field} holds a control character (such as a line break or NUL); remove it.`);
  });

  it('takes a contact message over several lines, but not one with a NUL', async () => {
    expect((await post('/api/enquiries/contact', contact({ message: 'Line one\r\nLine two\tend' }))).statusCode).toBe(201);
    const refused = await post('/api/enquiries/contact', contact({ message: 'Hello\u0000' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The message holds a control character (such as NUL); remove it.');
  });

  it('says a form key that is not one of ours is not valid (not that it holds a control character)', async () => {
    const response = await post('/api/enquiries/enrolment', enrolment({ idempotencyKey: 'short' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The form key is not valid.');
  });
});

describe.each(backends())('a database that cannot keep a change, on $name', (backend) => {
  it('answers 503 to every new form before storing or mailing anything', async () => {
    const { handle, dispose } = await backend.open();
    const mail = mailbox();
    const app = await apiApp({ ...handle, unwritable: () => 'the file is gone' }, { mailer: mail });
    try {
      for (const [url, body] of [
        ['/api/enquiries/enrolment', enrolment()],
        ['/api/enquiries/contact', { idempotencyKey: key(), name: 'Asha', email: 'asha@example.com', message: 'Hi' }],
        ['/api/newsletter', { idempotencyKey: key(), email: 'asha@example.com' }],
        ['/api/auth/password-reset', { email: 'asha@example.com' }],
      ] as const) {
        const response = await app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(body) });
        expect(response.statusCode, url).toBe(503);
        expect(response.json().message).toBe('We could not save that just now, so nothing was saved. Please try again in a few minutes.');
      }
      expect(await handle.db.selectFrom('enquiries').select('id').execute()).toEqual([]);
      expect(mail.sent).toEqual([]);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
