import { describe, expect, it } from 'vitest';
import { json, mailingSuite } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

let keys = 0;
const key = () => `stranger-key-${String(++keys).padStart(6, '0')}-${Date.now()}`;

/** What one client with a script can make the site do to someone else (issue 24), on both databases. */
describe.each(backends())('a stranger with a script, on $name', (backend) => {
  const suite = mailingSuite(backend);
  const post = (url: string, payload: unknown, headers: Record<string, string> = json) => suite.post(url, payload, { headers });

  it('cannot make the site mail an address that has confirmed nothing more than three times a day, whatever it asks for', async () => {
    const victim = 'victim.inbox@example.net';
    for (let i = 0; i < 5; i++) {
      await post('/api/enquiries/enrolment', {
        idempotencyKey: key(),
        name: 'Visit-https://evil.example/refund',
        email: victim,
        phone: '9876543210',
        courseId: 2,
      });
      await post('/api/newsletter', { idempotencyKey: key(), email: victim.toUpperCase() });
      await post('/api/auth/password-reset', { email: victim });
    }
    await post('/api/auth/signup', { fullName: 'Visit https://evil.example', email: 'victim.inbox+x@example.net', password: 'secret1' });
    const received = suite.mail.sent.filter((m) => m.to.toLowerCase().replace('+x', '') === victim);
    expect(received.length).toBeLessThanOrEqual(3);
    // And none of them carries what the stranger typed.
    for (const m of received) expect(m.text).not.toContain('evil.example');
  });

  it('cannot walk round the origin check by spelling the address differently', async () => {
    const foreign = { ...json, origin: 'https://evil.example' };
    for (const url of ['/%61pi/account/details', '/api/account/details', '/API/account/details', '/api//account/details']) {
      const response = await post(url, { fullName: 'Taken Over', registrationNo: '' }, foreign);
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
  });

  it.each([
    ['a next-line control (U+0085)', 'Asha\u0085Kumari'],
    ['a line separator (U+2028)', 'Asha\u2028Kumari'],
    ['a paragraph separator (U+2029)', 'Asha\u2029Kumari'],
    ['a right-to-left override (U+202E)', 'Asha\u202Eirамuk'],
    ['an isolate (U+2066)', 'Asha\u2066Kumari'],
  ])('refuses a name holding %s, with the sentence for control characters', async (_what, name) => {
    const response = await post('/api/auth/signup', { fullName: name, email: `bidi-${keys++}@example.com`, password: 'secret1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The full name holds a control character (such as a line break or NUL); remove it.',
    });
  });

  it('still takes names in every script, with their own marks', async () => {
    for (const fullName of ['आशा कुमारी', 'ஆஷா', 'محمد علی', 'Zoë Ñúñez']) {
      expect((await post('/api/auth/signup', { fullName, email: `script-${keys++}@example.com`, password: 'secret1' })).statusCode).toBe(201);
    }
  });
});
