import { describe, expect, it } from 'vitest';
import { mailingSuite } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

let keys = 0;
const key = () => `newsletter-key-${String(++keys).padStart(6, '0')}-${Date.now()}`;
const tokenOf = (link: string | undefined, name: string) => new URL(link!).searchParams.get(name)!;

describe.each(backends())('newsletter, double opt-in, on $name', (backend) => {
  const suite = mailingSuite(backend);
  const post = (url: string, payload: unknown) => suite.post(url, payload);
  const status = async (email: string) =>
    (await suite.handle.db.selectFrom('newsletter_subscriptions').select('status').where('email_normalized', '=', email).executeTakeFirst())?.status;

  it('subscribes nobody until the link in the confirmation mail is followed', async () => {
    const response = await post('/api/newsletter', { idempotencyKey: key(), email: 'Priya@Example.com' });
    expect(response.statusCode).toBe(200);
    expect(await status('priya@example.com')).toBe('pending');
    const sent = suite.mail.lastTo('Priya@Example.com')!;
    expect(sent.subject).toBe('Confirm your subscription to the InternCraft newsletter');
    const confirm = suite.mail.linkIn(sent, '?confirm=');
    expect(confirm).toMatch(/^https:\/\/interncraft\.in\/newsletter\?confirm=[\w-]{43}$/);
    // A newsletter mail: an unsubscribe link in the text and the headers mail apps use for their Unsubscribe button.
    expect(suite.mail.linkIn(sent, '?unsubscribe=')).toMatch(/^https:\/\/interncraft\.in\/newsletter\?unsubscribe=\d+\.[\w-]+$/);
    expect(sent.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<https:\/\/interncraft\.in\/api\/newsletter\/one-click-unsubscribe\?token=\d+\.[\w-]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The token is kept only as a hash.
    const row = await suite.handle.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email_normalized', '=', 'priya@example.com')
      .executeTakeFirstOrThrow();
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(tokenOf(confirm, 'confirm'));

    const confirmed = await post('/api/newsletter/confirm', { token: tokenOf(confirm, 'confirm') });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'You are subscribed.', email: 'Priya@Example.com' });
    expect(await status('priya@example.com')).toBe('subscribed');
    // Following the link again changes nothing and is no error.
    expect((await post('/api/newsletter/confirm', { token: tokenOf(confirm, 'confirm') })).statusCode).toBe(200);
  });

  it('sends one mail for a double submit (same key)', async () => {
    const before = suite.mail.sent.length;
    const payload = { idempotencyKey: key(), email: 'double@example.com' };
    expect((await post('/api/newsletter', payload)).statusCode).toBe(200);
    expect((await post('/api/newsletter', payload)).statusCode).toBe(200);
    expect(suite.mail.sent.length).toBe(before + 1);
  });

  it('tells an address already subscribed so, by mail, and answers the request as any other', async () => {
    const response = await post('/api/newsletter', { idempotencyKey: key(), email: 'priya@example.com' });
    expect(response.statusCode).toBe(200);
    expect(suite.mail.lastTo('priya@example.com')!.subject).toBe('You already receive the InternCraft newsletter');
    expect(await status('priya@example.com')).toBe('subscribed');
  });

  it('does not confirm with an expired link, and forgets the request once expired', async () => {
    await post('/api/newsletter', { idempotencyKey: key(), email: 'late@example.com' });
    const token = tokenOf(suite.mail.linkIn(suite.mail.lastTo('late@example.com'), '?confirm='), 'confirm');
    await suite.handle.db
      .updateTable('newsletter_subscriptions')
      .set({ confirm_expires_at: '2020-01-01T00:00:00.000Z' })
      .where('email_normalized', '=', 'late@example.com')
      .execute();
    const response = await post('/api/newsletter/confirm', { token });
    expect(response.statusCode).toBe(410);
    expect(await status('late@example.com')).toBe('pending');
    await post('/api/newsletter', { idempotencyKey: key(), email: 'someone.else@example.com' });
    expect(await status('late@example.com')).toBeUndefined();
  });

  it('unsubscribes from the link in the mail, keeping nothing of the address', async () => {
    const link = suite.mail.linkIn(suite.mail.lastTo('priya@example.com'), '?unsubscribe=');
    const response = await post('/api/newsletter/unsubscribe', { token: tokenOf(link, 'unsubscribe') });
    expect(response.statusCode).toBe(200);
    expect(await status('priya@example.com')).toBeUndefined();
    // Twice is fine.
    expect((await post('/api/newsletter/unsubscribe', { token: tokenOf(link, 'unsubscribe') })).statusCode).toBe(200);
  });

  it("unsubscribes with one click from a mail app (RFC 8058's form post)", async () => {
    await post('/api/newsletter', { idempotencyKey: key(), email: 'oneclick@example.com' });
    const sent = suite.mail.lastTo('oneclick@example.com')!;
    await post('/api/newsletter/confirm', { token: tokenOf(suite.mail.linkIn(sent, '?confirm='), 'confirm') });
    expect(await status('oneclick@example.com')).toBe('subscribed');
    const oneClick = new URL(sent.headers!['List-Unsubscribe']!.slice(1, -1));
    const response = await suite.app.inject({
      method: 'POST',
      url: oneClick.pathname + oneClick.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await status('oneclick@example.com')).toBeUndefined();
  });

  it('refuses unsubscribe tokens it did not sign, and confirm tokens it never sent', async () => {
    await post('/api/newsletter', { idempotencyKey: key(), email: 'victim@example.com' });
    const link = suite.mail.linkIn(suite.mail.lastTo('victim@example.com'), '?unsubscribe=')!;
    const [id] = tokenOf(link, 'unsubscribe').split('.');
    for (const token of [`${id}.forged`, `${Number(id) + 1}.${tokenOf(link, 'unsubscribe').split('.')[1]}`, 'x'.repeat(43)]) {
      expect((await post('/api/newsletter/unsubscribe', { token })).statusCode).toBe(410);
    }
    expect((await post('/api/newsletter/confirm', { token: 'A'.repeat(43) })).statusCode).toBe(410);
    expect(await status('victim@example.com')).toBe('pending');
  });

  it('answers alike while mail is down, and sends the confirmation once the mail server takes it again', async () => {
    const payload = { idempotencyKey: key(), email: 'retry@example.com' };
    suite.mail.failing = true;
    const answered = await post('/api/newsletter', payload);
    expect(answered.statusCode).toBe(200);
    expect(suite.mail.lastTo('retry@example.com')).toBeUndefined();
    suite.mail.failing = false;
    // The queue tries again a minute later; here, the minute has passed.
    await suite.handle.db.updateTable('mail_jobs').set({ next_attempt_at: new Date().toISOString() }).where('sent_at', 'is', null).execute();
    await suite.app.mailQueue.drain();
    expect(suite.mail.lastTo('retry@example.com')?.subject).toBe('Confirm your subscription to the InternCraft newsletter');
  });

  it.each([
    ['a malformed address', { email: 'not-an-address' }, 'EMAIL_INVALID', 'Invalid email format'],
    ['an empty address', { email: ' ' }, 'FIELDS_MISSING', 'Please fill out all fields'],
  ])('refuses %s', async (_what, body, code, message) => {
    const response = await post('/api/newsletter', { idempotencyKey: key(), ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message });
  });
});
