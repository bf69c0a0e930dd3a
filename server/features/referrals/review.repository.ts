import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Review of referral credits held as pending, and the payout of approved ones (the staff console). */

export async function pendingCredits(db: Kysely<Database>) {
  return db
    .selectFrom('referrals')
    .innerJoin('users as referrer', 'referrer.id', 'referrals.referrer_id')
    .leftJoin('users as friend', 'friend.id', 'referrals.referred_user_id')
    .select([
      'referrals.id',
      'referrals.credited_at',
      'referrals.reward',
      'referrals.referrer_id',
      'referrer.email as referrer_email',
      'referrer.full_name as referrer_name',
      'friend.email as friend_email',
      'friend.email_confirmed_at as friend_confirmed_at',
    ])
    .where('referrals.status', '=', 'pending')
    .orderBy('referrals.credited_at')
    .orderBy('referrals.id')
    .limit(500)
    .execute();
}

/** The friends credited to a referrer on one day (UTC, ISO day), whatever their status: the day's signal. */
export async function creditsOfDay(db: Kysely<Database>, referrerId: number, day: string) {
  return db
    .selectFrom('referrals')
    .leftJoin('users as friend', 'friend.id', 'referrals.referred_user_id')
    .select(['referrals.id', 'friend.email as friend_email'])
    .where('referrals.referrer_id', '=', referrerId)
    .where('referrals.credited_at', '>=', `${day}T00:00:00.000Z`)
    .where('referrals.credited_at', '<', `${day}T23:59:59.999Z`)
    .execute();
}

export async function countPendingCredits(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Approves or refuses pending credits (any other status is left as it is): the ids decided. */
export async function decideCredits(db: Kysely<Database>, ids: readonly number[], decision: 'approved' | 'refused', by: string): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .updateTable('referrals')
    .set({ status: decision, decided_at: new Date().toISOString(), decided_by: by })
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Every approved, unpaid credit, marked paid: what the payout file lists. The marking is the one statement that
 * decides (CONTRIBUTING.md, "Money and credit move once"): it takes only credits still approved and unpaid, and answers
 * the ones it took, so of payouts asked for at once each credit is in one file only (PostgreSQL makes a second
 * UPDATE wait for the first's row locks and then finds the rows paid). The referrers' names are read after, in the
 * same transaction.
 */
export async function takePayout(db: Kysely<Database>) {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('referrals')
      .set({ status: 'paid', paid_at: new Date().toISOString() })
      .where('status', '=', 'approved')
      .where('paid_at', 'is', null)
      .returning(['id', 'referrer_id', 'credited_at', 'reward'])
      .execute();
    if (!taken.length) return [];
    const referrers = await trx
      .selectFrom('users')
      .select(['id', 'email', 'full_name'])
      .where('id', 'in', [...new Set(taken.map((t) => t.referrer_id))])
      .execute();
    const byId = new Map(referrers.map((r) => [r.id, r]));
    return taken
      .map((t) => ({
        id: t.id,
        credited_at: t.credited_at,
        reward: t.reward,
        email: byId.get(t.referrer_id)!.email,
        full_name: byId.get(t.referrer_id)!.full_name,
      }))
      .sort((a, b) => a.email.localeCompare(b.email) || a.credited_at.localeCompare(b.credited_at) || a.id - b.id);
  });
}
