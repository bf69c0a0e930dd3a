import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { mailingSuite } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

/** Issue 36: the server answers in the language of the page that asked, and a member's mails come in hers. */
const hindi = JSON.parse(fs.readFileSync(`${projectRoot}/data/site.hi.json`, 'utf8')) as { texts: Record<string, { text: string }> };
const hi = (pointer: string) => hindi.texts[pointer]!.text;
const inHindi = { 'content-type': 'application/json', 'accept-language': 'hi-IN' };

describe.each(backends())('answers and mails in the reader’s language on $name', (backend) => {
  const suite = mailingSuite(backend);

  it('refuses in Hindi for a Hindi page, and in English for any other', async () => {
    const refused = await suite.post('/api/auth/login', { email: '', password: '' }, { headers: inHindi });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'LOGIN_FIELDS_MISSING', message: hi('/ui/serverErrors/loginFieldsMissing') });
    const english = await suite.post(
      '/api/auth/login',
      { email: '', password: '' },
      { headers: { 'content-type': 'application/json', 'accept-language': 'hi-IN;q=0.1, en' } },
    );
    expect(english.json().message).toBe('Please enter both email and password');
  });

  it('writes a member signed up from a Hindi page her confirmation in Hindi, with the Hindi page’s link', async () => {
    const signedUp = await suite.post(
      '/api/auth/signup',
      { fullName: 'Asha Kumari', email: 'asha.hindi@example.com', password: 'secret1' },
      { headers: inHindi },
    );
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json().message).toBe(hi('/ui/serverAnswers/accountCreated'));
    const mail = suite.mail.lastTo('asha.hindi@example.com')!;
    expect(mail.subject).toBe(hi('/ui/mail/accountConfirm/subject'));
    expect(suite.mail.linkIn(mail, '/hi/confirm-email?token=')).toMatch(/^https:\/\/interncraft\.in\/hi\/confirm-email\?token=[\w-]{43}$/);
  });

  it('keeps the language a member chose with the switch, and writes her next mail in it', async () => {
    const signedUp = await suite.post('/api/auth/signup', { fullName: 'Ravi Kumar', email: 'ravi.switch@example.com', password: 'secret1' });
    const session = /ic_session=([^;]+)/.exec(String(signedUp.headers['set-cookie']))![1]!;
    expect(suite.mail.lastTo('ravi.switch@example.com')!.subject).toBe('Confirm your e-mail address for InternCraft');
    // Her next page, after the switch to Hindi: the account takes the language once.
    const me = await suite.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { ic_session: session, ic_lang: 'hi' } });
    expect(me.statusCode).toBe(200);
    const row = await suite.app.db.selectFrom('users').select('language').where('email', '=', 'ravi.switch@example.com').executeTakeFirstOrThrow();
    expect(row.language).toBe('hi');
    await suite.post('/api/account/confirmation', {}, { session });
    expect(suite.mail.lastTo('ravi.switch@example.com')!.subject).toBe(hi('/ui/mail/accountConfirm/subject'));
    // A cookie naming no language of the site changes nothing.
    await suite.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { ic_session: session, ic_lang: 'xx' } });
    expect((await suite.app.db.selectFrom('users').select('language').where('email', '=', 'ravi.switch@example.com').executeTakeFirstOrThrow()).language).toBe(
      'hi',
    );
  });
});
