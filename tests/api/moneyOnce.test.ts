import { describe, expect, it } from 'vitest';
import { json, mailingSuite } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { cookieOf, staffSignedIn } from '../support/staff.ts';

/** Requests sent at once in each test. */
const AT_ONCE = 25;

/**
 * Money and credit move once (issue 33, CONTRIBUTING.md "Money and credit move once"): each transition is one
 * conditional write, or is taken under a row lock, so requests that arrive together cannot both win, on PostgreSQL
 * as on SQLite. Every test sends its requests all at once.
 */
describe.each(backends())('money and credit moved once on $name', (backend) => {
  const suite = mailingSuite(backend);
  const day = () => new Date().toISOString().slice(0, 10);

  /** A member made straight in the database (these tests are about credits, not sign-ups). */
  const member = async (email: string) =>
    (
      await suite.handle.db
        .insertInto('users')
        .values({
          full_name: email.split('@')[0]!,
          email,
          email_normalized: email,
          registration_no: '',
          password_hash: 'not used',
          created_at: new Date().toISOString(),
          referral_code: email
            .replace(/[^a-z0-9]/gi, '')
            .toUpperCase()
            .slice(0, 16),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** Credits of a referrer in one status, each for a friend of its own. */
  const credits = async (referrer: string, count: number, status: 'approved' | 'pending', reward = 50) => {
    const referrerId = await member(referrer);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const friend = await member(`${i}.${referrer}`);
      const row = await suite.handle.db
        .insertInto('referrals')
        .values({ referrer_id: referrerId, referred_user_id: friend, credited_at: `${day()}T0${i % 10}:00:00.000Z`, reward, status })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  };

  it(`pays each approved credit once when ${AT_ONCE} payout files are made at once and all marked paid at once`, async () => {
    const owner = (await staffSignedIn(suite.app, 'payer@example.com', 'owner')).cookie;
    const owed = [...(await credits('ravi.payee@example.com', 6, 'approved')), ...(await credits('asha.payee@example.com', 3, 'approved', 100))];
    const send = (url: string, payload: object) => suite.app.inject({ method: 'POST', url, headers: json, payload, cookies: { ic_staff: owner } });
    const files = await Promise.all(Array.from({ length: AT_ONCE }, () => send('/api/staff/referrals/payout', {})));
    expect(files.map((f) => f.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    const made = files.map((f) => f.json() as { batch: number; count: number; rupees: number });
    // Making a file marks nothing: each lists all 9 credits, 6 × 50 + 3 × 100 rupees.
    expect(made.map((f) => [f.count, f.rupees])).toEqual(Array(AT_ONCE).fill([owed.length, 600]));
    expect(await suite.handle.db.selectFrom('referrals').select('id').where('id', 'in', owed).where('status', '=', 'paid').execute()).toEqual([]);
    // Every file marked paid at once: each credit is paid once, by one file.
    const marked = await Promise.all(made.map((f) => send('/api/staff/referrals/payout/paid', { batch: f.batch })));
    expect(marked.map((m) => m.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    const batches = await suite.handle.db
      .selectFrom('payout_batches')
      .select(['paid_credits', 'paid_rupees'])
      .where(
        'id',
        'in',
        made.map((f) => f.batch),
      )
      .execute();
    expect(batches.reduce((sum, b) => sum + b.paid_credits!, 0)).toBe(owed.length);
    expect(batches.reduce((sum, b) => sum + b.paid_rupees!, 0)).toBe(600);
    const rows = await suite.handle.db.selectFrom('referrals').select(['status', 'paid_at', 'payout_batch_id']).where('id', 'in', owed).execute();
    expect(rows.every((r) => r.status === 'paid' && r.paid_at !== null && r.payout_batch_id !== null)).toBe(true);
  });

  it(`marks one payout file paid once when ${AT_ONCE} ask at once`, async () => {
    const owner = (await staffSignedIn(suite.app, 'payer2@example.com', 'owner')).cookie;
    const owed = await credits('meera.payee@example.com', 4, 'approved', 25);
    const send = (url: string, payload: object) => suite.app.inject({ method: 'POST', url, headers: json, payload, cookies: { ic_staff: owner } });
    const { batch } = (await send('/api/staff/referrals/payout', {})).json() as { batch: number };
    const marked = await Promise.all(Array.from({ length: AT_ONCE }, () => send('/api/staff/referrals/payout/paid', { batch })));
    expect(marked.filter((m) => m.statusCode === 200)).toHaveLength(1);
    expect(marked.filter((m) => m.statusCode === 409).map((m) => m.json().code)).toEqual(Array(AT_ONCE - 1).fill('PAYOUT_ALREADY_PAID'));
    expect(marked.find((m) => m.statusCode === 200)!.json().message).toBe(`Payout file ${batch} marked paid: 4 credits, ₹100.`);
    const rows = await suite.handle.db.selectFrom('referrals').select('payout_batch_id').where('id', 'in', owed).execute();
    expect(rows.map((r) => r.payout_batch_id)).toEqual(Array(owed.length).fill(batch));
  });

  it(`decides each pending credit once when ${AT_ONCE} approvals and refusals of the same credits arrive at once`, async () => {
    const owner = (await staffSignedIn(suite.app, 'decider@example.com', 'owner')).cookie;
    const held = await credits('meera.held@example.com', 8, 'pending');
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        suite.app.inject({
          method: 'POST',
          url: '/api/staff/referrals/decide',
          headers: json,
          payload: { ids: held, decision: i % 2 ? 'approve' : 'refuse' },
          cookies: { ic_staff: owner },
        }),
      ),
    );
    // "8 credits decided." once, "0 credits decided." for every other request.
    const decided = answers.map((a) => Number(/^(\d+) /.exec(a.json().message)?.[1]));
    expect(decided.reduce((sum, n) => sum + n, 0)).toBe(held.length);
    const entries = await suite.handle.db
      .selectFrom('staff_audit')
      .select('detail')
      .where('actor', '=', 'decider@example.com')
      .where('action', 'in', ['approve', 'refuse'])
      .execute();
    expect(entries.flatMap((e) => (JSON.parse(e.detail!) as { ids: number[] }).ids).sort()).toEqual([...held].sort());
  });

  it(`approves no more than the day's number (3) for one referrer when ${AT_ONCE} of its friends confirm at once, each from an address of its own`, async () => {
    const signup = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload: { fullName: 'Popular', email: 'popular.racer@example.com', password: 'secret12' },
    });
    const session = cookieOf(signup, 'ic_session');
    const code = (await suite.app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: session } })).json().referral.code as string;
    const tokens: string[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const email = `racer.${i}@friends.example.org`;
      await suite.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { fullName: `Friend ${i}`, email, password: 'secret12', ref: code },
      });
      await suite.app.mailQueue.drain();
      tokens.push(new URL(suite.mail.linkIn(suite.mail.lastTo(email), '/confirm-email?token=')!).searchParams.get('token')!);
    }
    const answers = await Promise.all(
      tokens.map((token, i) =>
        suite.app.inject({ method: 'POST', url: '/api/account/confirm-email', headers: json, remoteAddress: `198.51.100.${i + 1}`, payload: { token } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    const referral = (await suite.app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: session } })).json().referral;
    expect(referral).toMatchObject({ signups: AT_ONCE, earnings: 150, pendingCount: AT_ONCE - 3 });
  });

  it(`approves no more than the day's number (3) for one connection when ${AT_ONCE} friends of as many referrers confirm from it at once`, async () => {
    const farm = '203.0.113.250';
    const tokens: string[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const signup = await suite.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        remoteAddress: `198.51.100.${i + 100}`,
        payload: { fullName: `Referrer ${i}`, email: `fan.${i}@referrers.example.org`, password: 'secret12' },
      });
      const code = (await suite.app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: cookieOf(signup, 'ic_session') } })).json().referral
        .code;
      const email = `fan.${i}@fan-friends.example.org`;
      await suite.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        remoteAddress: farm,
        payload: { fullName: `Friend ${i}`, email, password: 'secret12', ref: code },
      });
      await suite.app.mailQueue.drain();
      tokens.push(new URL(suite.mail.linkIn(suite.mail.lastTo(email), '/confirm-email?token=')!).searchParams.get('token')!);
    }
    await Promise.all(
      tokens.map((token) => suite.app.inject({ method: 'POST', url: '/api/account/confirm-email', headers: json, remoteAddress: farm, payload: { token } })),
    );
    const rows = await suite.handle.db
      .selectFrom('referrals')
      .innerJoin('users', 'users.id', 'referrals.referred_user_id')
      .select('referrals.status')
      .where('users.email', 'like', '%@fan-friends.example.org')
      .execute();
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(AT_ONCE - 3);
  });
});
