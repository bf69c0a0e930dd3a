import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { mailingSuite } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

function sessionOf(response: LightMyRequestResponse): string {
  const match = String(response.headers['set-cookie']).match(/ic_session=([^;]+)/);
  if (!match?.[1]) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return match[1];
}

/**
 * Referral money cannot be farmed: what a script with one address earns is
 * what friends with mailboxes of their own earn, and beyond the day's number it
 * waits for a person to look (issue 24).
 */
describe.each(backends())('referral credits on $name', (backend) => {
  const suite = mailingSuite(backend);

  const post = (url: string, payload: unknown, session?: string) => suite.post(url, payload, { session });
  const signup = (email: string, ref?: string) => post('/api/auth/signup', { fullName: 'Friend', email, password: 'secret1', ...(ref ? { ref } : {}) });
  const confirm = async (email: string) => {
    const link = suite.mail.linkIn(suite.mail.lastTo(email), '/confirm-email?token=');
    if (!link) return undefined;
    return post('/api/account/confirm-email', { token: new URL(link).searchParams.get('token') });
  };
  const referral = async (session: string) =>
    (await suite.app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: session } })).json().referral;
  const referrer = async (email: string) => {
    const session = sessionOf(await signup(email));
    return { session, code: (await referral(session)).code as string };
  };

  it('credits a friend only once they confirm their address', async () => {
    const { session, code } = await referrer('patient-referrer@example.com');
    await signup('unconfirmed.friend@example.com', code);
    expect((await referral(session)).signups).toBe(0);
    await confirm('unconfirmed.friend@example.com');
    expect(await referral(session)).toMatchObject({ signups: 1, earnings: 50 });
  });

  it("credits a mailbox once, however the address is written: Gmail's dots and +tags, case, and the same address after deleting the account", async () => {
    const { session, code } = await referrer('farmer@example.com');
    const aliases = ['victim.farm@gmail.com', 'victimfarm+1@gmail.com', 'V.I.C.T.I.M.F.A.R.M@googlemail.com', 'victimfarm+2@Gmail.com'];
    for (const email of aliases) {
      expect((await signup(email, code)).statusCode).toBe(201);
      await confirm(email);
    }
    expect(await referral(session)).toMatchObject({ signups: 1, earnings: 50 });
    // Delete the friend's account and sign up again with the very same address: still one credit.
    const friend = sessionOf(await post('/api/auth/login', { email: aliases[0], password: 'secret1' }));
    expect((await post('/api/account/delete', { password: 'secret1' }, friend)).statusCode).toBe(200);
    expect((await signup(aliases[0]!, code)).statusCode).toBe(201);
    await confirm(aliases[0]!);
    expect(await referral(session)).toMatchObject({ signups: 1, earnings: 50 });
  });

  it('credits nothing for a throw-away address', async () => {
    const { session, code } = await referrer('thrifty@example.com');
    for (const email of ['someone@mailinator.com', 'another@10minutemail.com', 'third@guerrillamail.com']) {
      await signup(email, code);
      await confirm(email);
    }
    expect(await referral(session)).toMatchObject({ signups: 0, earnings: 0 });
  });

  it("holds credits beyond the day's number for review, and says so on the referrer's account", async () => {
    const { session, code } = await referrer('popular@example.com');
    for (let i = 0; i < 5; i++) {
      await signup(`real.friend.${i}@example.org`, code);
      await confirm(`real.friend.${i}@example.org`);
    }
    // data/site.json: accounts.referralsApprovedPerDay is 3.
    expect(await referral(session)).toMatchObject({ signups: 5, earnings: 150, pendingCount: 2, pendingAmount: 100, paid: 0 });
    const statuses = await suite.handle.db
      .selectFrom('referrals')
      .innerJoin('users', 'users.id', 'referrals.referrer_id')
      .select('referrals.status')
      .where('users.email', '=', 'popular@example.com')
      .orderBy('referrals.id')
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(['approved', 'approved', 'approved', 'pending', 'pending']);
  });

  it('credits one friend once even when two confirmations race', async () => {
    const { session, code } = await referrer('racer@example.com');
    await signup('racing.friend@example.com', code);
    const link = suite.mail.linkIn(suite.mail.lastTo('racing.friend@example.com'), '/confirm-email?token=')!;
    const token = new URL(link).searchParams.get('token');
    const answers = await Promise.all([post('/api/account/confirm-email', { token }), post('/api/account/confirm-email', { token })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    expect((await referral(session)).signups).toBe(1);
  });
});
