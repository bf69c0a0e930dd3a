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
 * A payout file made: every credit approved and unpaid now, listed in a new batch and marked nothing. The credits stay
 * approved until someone marks the batch paid (payBatch); a batch never marked paid changes nothing. The batch and
 * its list are written in one transaction, the list by one INSERT … SELECT, so the file lists exactly what the batch
 * holds. Undefined when nothing is owed (no batch is made).
 */
export async function makePayoutBatch(db: Kysely<Database>, by: string) {
  return db.transaction().execute(async (trx) => {
    const batch = await trx
      .insertInto('payout_batches')
      .values({ made_at: new Date().toISOString(), made_by: by, credits: 0, rupees: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('payout_batch_credits')
      .columns(['batch_id', 'referral_id'])
      .expression((eb) =>
        eb
          .selectFrom('referrals')
          .select([eb.val(batch.id).as('batch_id'), 'referrals.id'])
          .where('referrals.status', '=', 'approved')
          .where('referrals.paid_at', 'is', null),
      )
      .execute();
    const listed = await batchCredits(trx, batch.id);
    if (!listed.length) {
      await trx.deleteFrom('payout_batches').where('id', '=', batch.id).execute();
      return undefined;
    }
    const rupees = listed.reduce((sum, c) => sum + c.reward, 0);
    await trx.updateTable('payout_batches').set({ credits: listed.length, rupees }).where('id', '=', batch.id).execute();
    return { id: batch.id, credits: listed };
  });
}

/** The credits a batch lists, with their referrers, by referrer's address then when earned. */
async function batchCredits(db: Kysely<Database>, batchId: number) {
  return db
    .selectFrom('payout_batch_credits')
    .innerJoin('referrals', 'referrals.id', 'payout_batch_credits.referral_id')
    .innerJoin('users', 'users.id', 'referrals.referrer_id')
    .select(['referrals.id', 'referrals.credited_at', 'referrals.reward', 'users.email', 'users.full_name'])
    .where('payout_batch_credits.batch_id', '=', batchId)
    .orderBy('users.email')
    .orderBy('referrals.credited_at')
    .orderBy('referrals.id')
    .execute();
}

/**
 * A payout file marked paid: its credits move from approved to paid. The batch is taken by one conditional write (its
 * paid_at still empty), so of requests that arrive together one marks it and the rest are told it is marked already;
 * the credits then move by one conditional write whose returned rows decide (CONTRIBUTING.md, "Money and credit move
 * once"): only those of this batch still approved and unpaid, so a credit another file paid first is not paid again.
 * Undefined when no such batch is waiting; `already` when it was marked paid before.
 */
export async function payBatch(db: Kysely<Database>, batchId: number, by: string) {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const taken = await trx
      .updateTable('payout_batches')
      .set({ paid_at: now, paid_by: by })
      .where('id', '=', batchId)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) {
      const batch = await trx.selectFrom('payout_batches').select(['paid_at', 'paid_by']).where('id', '=', batchId).executeTakeFirst();
      return batch ? ({ already: true, paidAt: batch.paid_at!, paidBy: batch.paid_by! } as const) : undefined;
    }
    const paid = await trx
      .updateTable('referrals')
      .set({ status: 'paid', paid_at: now, payout_batch_id: batchId })
      .where('status', '=', 'approved')
      .where('paid_at', 'is', null)
      .where('id', 'in', (eb) => eb.selectFrom('payout_batch_credits').select('referral_id').where('batch_id', '=', batchId))
      .returning(['id', 'reward'])
      .execute();
    const rupees = paid.reduce((sum, c) => sum + c.reward, 0);
    const batch = await trx
      .updateTable('payout_batches')
      .set({ paid_credits: paid.length, paid_rupees: rupees })
      .where('id', '=', batchId)
      .returning(['credits', 'rupees'])
      .executeTakeFirstOrThrow();
    return { already: false, paid: paid.length, rupees, listed: batch.credits } as const;
  });
}

/** Payout files made and not yet marked paid, newest first, with what of each is still unpaid. */
export async function openBatches(db: Kysely<Database>) {
  const batches = await db
    .selectFrom('payout_batches')
    .select(['id', 'made_at', 'made_by', 'credits', 'rupees'])
    .where('paid_at', 'is', null)
    .orderBy('made_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  if (!batches.length) return [];
  const unpaid = await db
    .selectFrom('payout_batch_credits')
    .innerJoin('referrals', 'referrals.id', 'payout_batch_credits.referral_id')
    .select([
      'payout_batch_credits.batch_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>('referrals.reward').as('rupees'),
    ])
    .where(
      'payout_batch_credits.batch_id',
      'in',
      batches.map((b) => b.id),
    )
    .where('referrals.status', '=', 'approved')
    .groupBy('payout_batch_credits.batch_id')
    .execute();
  const byBatch = new Map(unpaid.map((u) => [u.batch_id, { credits: Number(u.n), rupees: Number(u.rupees ?? 0) }]));
  return batches.map((b) => ({ ...b, unpaid: byBatch.get(b.id) ?? { credits: 0, rupees: 0 } }));
}
