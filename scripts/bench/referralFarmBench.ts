/**
 * Referral farming (issue 24): what one client earns from its own referral code in an hour, trying every trick the
 * review found (plus-aliases, Gmail's dots, throw-away domains, deleting a friend's account and signing up again),
 * and what it earns with a domain of its own that gives it as many real mailboxes as it likes. The app is made in
 * process with the production allowances (every request from one address), its mail kept in memory and each
 * confirmation link followed as the script would; the clock is the real one, so "an hour" is every sign-up the hour's
 * allowance lets through (they are all spent within seconds).
 * Issue 33 adds what a per-referrer cap never sees: a chain (each new account signs up with the code of the one made
 * just before it) and a fan (accounts that each refer one friend), all from the same address; the figure that matters
 * is the rupees approved without review per client in that hour, every credit of the run counted whoever earned it.
 *   npx tsx scripts/bench/referralFarmBench.ts
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Mail, Mailer } from '../../server/mail/mailer.ts';

export interface FarmResult {
  label: string;
  signUpsTried: number;
  signUpsAccepted: number;
  refused429: number;
  approved: number;
  pending: number;
  /** What the farmer's own account earned (for a chain or a fan, the first account of it). */
  earningsRupees: number;
  /** Every credit of the run approved without review, whoever earned it: what one client took in the hour. */
  approvedRupees: number;
  heldRupees: number;
}

/** Whose code each new account signs up with: the farmer's; the account made just before (a chain); none, every other one (a fan: a new referrer each time). */
type Referring = 'farmer' | 'chain' | 'fan';

const json = { 'content-type': 'application/json' };

function sessionOf(response: LightMyRequestResponse): string | undefined {
  return /ic_session=([^;]+)/.exec(String(response.headers['set-cookie']))?.[1];
}

async function farm(label: string, friends: (i: number) => string, deleteAndReuse: boolean, referring: Referring = 'farmer'): Promise<FarmResult> {
  const handle = await openDatabase({ sqliteFile: ':memory:' });
  const sent: Mail[] = [];
  const mailer: Mailer = { destination: 'memory', close() {}, send: async (mail) => void sent.push(mail) };
  // Cheap hashing: what is measured is the rules, not scrypt's cost.
  const app: FastifyInstance = await buildApp({ database: handle, mailer, scryptCost: { N: 2 ** 12, r: 8, p: 1 }, publicUrl: 'https://interncraft.in' });
  await app.ready();
  const post = async (url: string, payload: unknown, session?: string) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: json,
      payload: JSON.stringify(payload),
      ...(session ? { cookies: { ic_session: session } } : {}),
    });
    await app.mailQueue.drain();
    return response;
  };
  const confirm = async (email: string) => {
    const mail = sent.filter((m) => m.to.toLowerCase() === email.toLowerCase()).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes('/confirm-email?token='));
    if (link) await post('/api/account/confirm-email', { token: new URL(link).searchParams.get('token') });
  };
  try {
    const owner = await post('/api/auth/signup', { fullName: 'Farmer', email: 'farmer.owner@example.org', password: 'secret1' });
    const session = sessionOf(owner)!;
    const codeOf = async (member: string): Promise<string> =>
      (await app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: member } })).json().referral.code;
    let code: string | undefined = await codeOf(session);
    let tried = 0;
    let accepted = 0;
    let refused = 0;
    for (let i = 0; refused < 3; i++) {
      const email = friends(i);
      tried++;
      const answer = await post('/api/auth/signup', { fullName: `Friend ${i}`, email, password: 'secret1', ...(code ? { ref: code } : {}) });
      if (answer.statusCode === 429) {
        refused++;
        continue;
      }
      if (answer.statusCode !== 201) continue;
      accepted++;
      await confirm(email);
      if (referring === 'chain') code = await codeOf(sessionOf(answer)!);
      // A fan: this account had no referrer and now refers the next one; the one after that starts afresh.
      if (referring === 'fan') code = code ? undefined : await codeOf(sessionOf(answer)!);
      if (deleteAndReuse) await post('/api/account/delete', { password: 'secret1' }, sessionOf(answer));
    }
    const referral = (await app.inject({ method: 'GET', url: '/api/account', cookies: { ic_session: session } })).json().referral;
    const rows = await handle.db.selectFrom('referrals').select(['status', 'reward']).execute();
    const rupees = (status: string) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.reward, 0);
    return {
      label,
      signUpsTried: tried,
      signUpsAccepted: accepted,
      refused429: refused,
      approved: rows.filter((r) => r.status === 'approved').length,
      pending: rows.filter((r) => r.status === 'pending').length,
      earningsRupees: referral.earnings,
      approvedRupees: rupees('approved'),
      heldRupees: rupees('pending'),
    };
  } finally {
    await app.close();
    await handle.close();
  }
}

/** Every trick on one mailbox (and throw-away ones), then a catch-all domain of the script's own. */
export async function benchReferralFarm(): Promise<FarmResult[]> {
  const tricks = (i: number) => {
    const kinds = [
      `farmvictim+${i}@gmail.com`,
      `${'farmvictim'.slice(0, (i % 9) + 1)}.${'farmvictim'.slice((i % 9) + 1)}@gmail.com`,
      `farm${i}@mailinator.com`,
      `FarmVictim@Gmail.com`,
    ];
    return kinds[i % kinds.length]!;
  };
  return [
    await farm('one mailbox: plus-aliases, dots, throw-away domains, case', tricks, false),
    await farm('one mailbox, each friend deleted and signed up again', () => 'farm.again@gmail.com', true),
    await farm('a catch-all domain of its own (a new real mailbox each time)', (i) => `friend${i}@farm-own-domain.in`, false),
    await farm("a chain on a catch-all domain (each with the previous new account's code)", (i) => `link${i}@farm-own-domain.in`, false, 'chain'),
    await farm('a fan on a catch-all domain (new referrers of one friend each)', (i) => `fan${i}@farm-own-domain.in`, false, 'fan'),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchReferralFarm());
}
