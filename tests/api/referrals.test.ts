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

  // Each person signs up and confirms from a connection of their own, unless a test says they share one.
  let people = 0;
  const connectionOf = new Map<string, string>();
  const ownConnection = () => `10.0.${Math.floor(people / 250)}.${(people++ % 250) + 1}`;
  const post = (url: string, payload: unknown, session?: string, from?: string) => suite.post(url, payload, { session, remoteAddress: from });
  const signup = (email: string, ref?: string, from = ownConnection()) => {
    connectionOf.set(email.toLowerCase(), from);
    return post('/api/auth/signup', { fullName: 'Friend', email, password: 'secret1', ...(ref ? { ref } : {}) }, undefined, from);
  };
  const confirm = async (email: string, from = connectionOf.get(email.toLowerCase())) => {
    const link = suite.mail.linkIn(suite.mail.lastTo(email), '/confirm-email?token=');
    if (!link) return undefined;
    return post('/api/account/confirm-email', { token: new URL(link).searchParams.get('token') }, undefined, from);
  };
  const referral = async (session: string) =>
    (await suite.app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: session } })).json().referral;
  const referrer = async (email: string, from?: string) => {
    const session = sessionOf(await signup(email, undefined, from));
    return { session, code: (await referral(session)).code as string };
  };
  /** Every credit whose friend's address ends so, by status, and the rupees approved and held. */
  const creditsOf = async (domain: string) => {
    const rows = await suite.handle.db
      .selectFrom('referrals')
      .innerJoin('users', 'users.id', 'referrals.referred_user_id')
      .select(['referrals.status', 'referrals.reward'])
      .where('users.email', 'like', `%${domain}`)
      .orderBy('referrals.id')
      .execute();
    const rupees = (status: string) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.reward, 0);
    return { statuses: rows.map((r) => r.status), approved: rupees('approved'), held: rupees('pending') };
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

  it("holds a chain for review: ten accounts from one connection, each signed up with the last one's code, get one credit approved and the other eight held", async () => {
    const farm = '203.0.113.77';
    let { code } = await referrer('link.0@chain-farm.example', farm);
    for (let i = 1; i < 10; i++) {
      const email = `link.${i}@chain-farm.example`;
      const session = sessionOf(await signup(email, code, farm));
      await confirm(email);
      code = (await referral(session)).code;
    }
    // The first link's referrer joined by no link: approved. Every later referrer joined by one minutes ago: held.
    expect(await creditsOf('@chain-farm.example')).toEqual({ statuses: ['approved', ...Array(8).fill('pending')], approved: 50, held: 400 });
  });

  it("holds credits beyond the day's number per connection, whoever earned them: a fan of new referrers of one friend each, all from one connection", async () => {
    const farm = '203.0.113.78';
    for (let i = 0; i < 6; i++) {
      const { code } = await referrer(`fan.${i}@fan-referrers.example`, farm);
      await signup(`friend.${i}@fan-farm.example`, code, farm);
      await confirm(`friend.${i}@fan-farm.example`);
    }
    // data/site.json: accounts.referralsApprovedPerConnectionPerDay is 3.
    expect(await creditsOf('@fan-farm.example')).toEqual({ statuses: [...Array(3).fill('approved'), ...Array(3).fill('pending')], approved: 150, held: 150 });
  });

  it('counts the connection a friend confirmed from as well as the one they signed up from', async () => {
    const farm = '203.0.113.79';
    for (let i = 0; i < 5; i++) {
      const { code } = await referrer(`split.${i}@split-referrers.example`);
      // Signed up from connections of their own, every address confirmed from the one connection.
      await signup(`friend.${i}@split-farm.example`, code);
      await confirm(`friend.${i}@split-farm.example`, farm);
    }
    expect((await creditsOf('@split-farm.example')).statuses).toEqual([...Array(3).fill('approved'), ...Array(2).fill('pending')]);
  });

  it('holds the credits of a member who joined by a link within the hold, from any connection, and approves them once it has passed', async () => {
    const { code: first } = await referrer('elder@hold.example');
    const joined = sessionOf(await signup('newcomer@hold.example', first));
    await confirm('newcomer@hold.example');
    const { code } = await referral(joined);
    await signup('friend.a@held-friends.example', code);
    await confirm('friend.a@held-friends.example');
    expect((await creditsOf('@held-friends.example')).statuses).toEqual(['pending']);
    // data/site.json: accounts.referralChainHoldDays is 7. Eight days on, the newcomer's friends are theirs to earn.
    const longAgo = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    const newcomer = await suite.handle.db.selectFrom('users').select('id').where('email', '=', 'newcomer@hold.example').executeTakeFirstOrThrow();
    await suite.handle.db.updateTable('users').set({ referred_at: longAgo, created_at: longAgo }).where('id', '=', newcomer.id).execute();
    await suite.handle.db.updateTable('referrals').set({ credited_at: longAgo }).where('referred_user_id', '=', newcomer.id).execute();
    await signup('friend.b@held-friends.example', code);
    await confirm('friend.b@held-friends.example');
    expect((await creditsOf('@held-friends.example')).statuses).toEqual(['pending', 'approved']);
  });

  it('keeps the connection only as a keyed hash, and only until the friend is credited', async () => {
    const { code } = await referrer('private@example.com');
    await signup('private.friend@example.org', code, '198.51.100.200');
    const before = await suite.handle.db
      .selectFrom('users')
      .select('signup_client')
      .where('email', '=', 'private.friend@example.org')
      .executeTakeFirstOrThrow();
    expect(before.signup_client).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(before.signup_client).not.toContain('198.51.100.200');
    await confirm('private.friend@example.org');
    const after = await suite.handle.db.selectFrom('users').select('signup_client').where('email', '=', 'private.friend@example.org').executeTakeFirstOrThrow();
    expect(after.signup_client).toBeNull();
    const credit = await suite.handle.db
      .selectFrom('referrals')
      .innerJoin('users', 'users.id', 'referrals.referred_user_id')
      .select(['referrals.signup_client', 'referrals.confirm_client'])
      .where('users.email', '=', 'private.friend@example.org')
      .executeTakeFirstOrThrow();
    expect(credit).toEqual({ signup_client: before.signup_client, confirm_client: before.signup_client });
    // Members who came by no link keep nothing of where they signed up from.
    expect(
      (await suite.handle.db.selectFrom('users').select('signup_client').where('email', '=', 'private@example.com').executeTakeFirstOrThrow()).signup_client,
    ).toBeNull();
  });
});
