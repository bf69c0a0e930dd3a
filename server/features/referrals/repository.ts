import type { Kysely, Transaction } from 'kysely';
import type { Database, ReferralStatus } from '../../db/schema.ts';

/** The account whose referral code this is, if any. */
export async function ownerOfCode(db: Kysely<Database>, code: string): Promise<number | undefined> {
  const owner = await db.selectFrom('users').select('id').where('referral_code', '=', code).executeTakeFirst();
  return owner?.id;
}

/** Claims a mailbox's one credit, ever: false when it has had it (also under an account since deleted). */
export async function claimMailbox(trx: Transaction<Database>, mailboxKey: string, at: string): Promise<boolean> {
  const result = await trx
    .insertInto('referral_mailboxes')
    .values({ mailbox_key: mailboxKey, credited_at: at })
    .onConflict((oc) => oc.column('mailbox_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** How many credits a referrer has had since `since` (whatever became of them): the daily number is counted against it. */
export async function creditsSince(trx: Transaction<Database>, referrerId: number, since: string): Promise<number> {
  const row = await trx
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('referrer_id', '=', referrerId)
    .where('credited_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many credits since `since` came from any of these connections (the friend's sign-up or confirmation), whoever earned them. */
export async function creditsFromClients(trx: Transaction<Database>, clients: readonly string[], since: string): Promise<number> {
  if (!clients.length) return 0;
  const row = await trx
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('credited_at', '>=', since)
    .where((eb) => eb.or([eb('signup_client', 'in', [...clients]), eb('confirm_client', 'in', [...clients])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the member joined with someone's link since `since`, or was credited to someone since then: a link of a chain. */
export async function referredSince(trx: Transaction<Database>, userId: number, since: string): Promise<boolean> {
  const joined = await trx.selectFrom('users').select('id').where('id', '=', userId).where('referred_at', '>=', since).executeTakeFirst();
  if (joined) return true;
  const credited = await trx.selectFrom('referrals').select('id').where('referred_user_id', '=', userId).where('credited_at', '>=', since).executeTakeFirst();
  return credited !== undefined;
}

/** The keyed hash of the connection a referred account signed up from, forgotten as it is read (it is needed once, now). */
export async function takeSignupClient(trx: Transaction<Database>, userId: number): Promise<string | null> {
  const row = await trx.selectFrom('users').select('signup_client').where('id', '=', userId).executeTakeFirst();
  if (row?.signup_client) await trx.updateTable('users').set({ signup_client: null }).where('id', '=', userId).execute();
  return row?.signup_client ?? null;
}

/** A credit for a friend who confirmed; false when the friend was credited to someone already (one row per friend). */
export async function insertCredit(
  trx: Transaction<Database>,
  credit: {
    referrerId: number;
    friendId: number;
    reward: number;
    status: ReferralStatus;
    at: string;
    signupClient: string | null;
    confirmClient: string | null;
  },
): Promise<boolean> {
  const result = await trx
    .insertInto('referrals')
    .values({
      referrer_id: credit.referrerId,
      referred_user_id: credit.friendId,
      credited_at: credit.at,
      reward: credit.reward,
      status: credit.status,
      decided_at: credit.status === 'approved' ? credit.at : null,
      decided_by: credit.status === 'approved' ? 'automatic' : null,
      signup_client: credit.signupClient,
      confirm_client: credit.confirmClient,
    })
    .onConflict((oc) => oc.column('referred_user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function codeOf(db: Kysely<Database>, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('referral_code').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.referral_code;
}

/** A member's credits by status: how many and how many rupees. */
export async function creditTotals(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('referrals')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('reward').as('amount')])
    .where('referrer_id', '=', userId)
    .groupBy('status')
    .execute();
  const of = (status: ReferralStatus) => {
    const row = rows.find((r) => r.status === status);
    return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
  };
  return { approved: of('approved'), pending: of('pending'), refused: of('refused'), paid: of('paid') };
}

/** The credits a member has earned, oldest first (for their data download). */
export async function creditsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('referrals').select(['credited_at', 'reward', 'status', 'paid_at']).where('referrer_id', '=', userId).orderBy('id').execute();
}

/** When the member signed up with someone's link and was credited to them, or null (their data download says so, without naming the other member). */
export async function referredAt(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('referrals').select('credited_at').where('referred_user_id', '=', userId).executeTakeFirst();
  return row?.credited_at ?? null;
}
