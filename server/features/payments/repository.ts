import type { Kysely, Transaction } from 'kysely';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';
import type { Database, OrderKind, OrderStatus } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewOrder {
  reference: string;
  idempotencyKey: string;
  kind: OrderKind;
  subjectId: string;
  subjectTitle: string;
  amount: number;
  userId: number;
  name: string;
  email: string;
  pan?: string | undefined;
  applicationId?: number | undefined;
  client: string;
  expiresAt: string;
}

const ORDER = [
  'id',
  'reference',
  'idempotency_key',
  'kind',
  'subject_id',
  'subject_title',
  'amount',
  'status',
  'status_at',
  'user_id',
  'name',
  'email',
  'pan',
  'created_at',
  'expires_at',
  'utr',
  'reported_at',
  'refusal',
  'paid_at',
  'confirmed_by',
  'receipt_no',
  'receipt_number',
  'refunded_at',
  'refund_note',
] as const;

/** The statuses in which an order can still be paid, and counts against the caps on open orders. */
export const OPEN: readonly OrderStatus[] = ['awaitingPayment', 'paymentReported'];

export async function insertOrder(db: Kysely<Database>, order: NewOrder, now = new Date()) {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('orders')
      .values({
        reference: order.reference,
        idempotency_key: order.idempotencyKey,
        kind: order.kind,
        subject_id: order.subjectId,
        subject_title: order.subjectTitle,
        amount: order.amount,
        status: 'awaitingPayment',
        status_at: at,
        user_id: order.userId,
        name: order.name,
        email: order.email,
        email_normalized: normaliseEmail(order.email),
        pan: order.pan ?? null,
        application_id: order.applicationId ?? null,
        client: order.client,
        created_at: at,
        expires_at: order.expiresAt,
      })
      .returning(ORDER)
      .executeTakeFirstOrThrow();
    await trx.insertInto('order_events').values({ order_id: row.id, at, author: 'payer', status_to: 'awaitingPayment' }).execute();
    return row;
  });
}

export type OrderRow = Awaited<ReturnType<typeof insertOrder>>;

export async function orderByKey(db: Db, idempotencyKey: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(ORDER).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export async function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(ORDER).where('id', '=', id).executeTakeFirst();
}

export async function orderByReference(db: Db, reference: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(ORDER).where('reference', '=', reference).executeTakeFirst();
}

export async function ordersOfMember(db: Db, userId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').select(ORDER).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Open orders (not yet paid, not expired) of a member, and of a client address: the caps on cheap orders. */
export async function openOrders(db: Db, who: { userId: number; client: string }, now: string): Promise<{ member: number; client: number }> {
  const count = (column: 'user_id' | 'client', value: number | string) =>
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(column, '=', value)
      .where('status', 'in', OPEN)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
  const [member, client] = await Promise.all([count('user_id', who.userId), count('client', who.client)]);
  return { member: Number(member.n), client: Number(client.n) };
}

/**
 * Moves an order from one status to another, with the event that says so, or does nothing when it was not in
 * `from` (someone moved it first): one conditional write whose affected row count decides. `set` carries what the
 * move records beside the status (the UTR reported, who confirmed).
 */
export async function moveOrder(
  trx: Transaction<Database>,
  change: {
    id: number;
    from: readonly OrderStatus[];
    to: OrderStatus;
    author: string;
    note?: string | undefined;
    at: string;
    set?: Partial<
      Pick<OrderRow, 'utr' | 'reported_at' | 'refusal' | 'paid_at' | 'confirmed_by' | 'receipt_no' | 'receipt_number' | 'refunded_at' | 'refund_note'>
    >;
    /** Only while it has not expired (a payment reported for an order past its time is refused). */
    notExpiredAt?: string;
  },
): Promise<OrderStatus | undefined> {
  // One conditional write per status it may move from, so the event records the status it really moved from.
  for (const from of change.from) {
    let query = trx
      .updateTable('orders')
      .set({ status: change.to, status_at: change.at, ...change.set })
      .where('id', '=', change.id)
      .where('status', '=', from);
    if (change.notExpiredAt) query = query.where('expires_at', '>', change.notExpiredAt);
    const moved = await query.executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) continue;
    await trx
      .insertInto('order_events')
      .values({ order_id: change.id, at: change.at, author: change.author, status_from: from, status_to: change.to, note: change.note ?? null })
      .execute();
    return from;
  }
  return undefined;
}

/** Thrown inside markPaid's transaction to undo the number taken when the order was not there to be paid. */
class NotMoved extends Error {}

/**
 * Marks an order paid and gives it the next receipt number, in one transaction: the number is taken by one increment
 * of the counter's row (which also queues confirmations one behind another), then the order moves only from a
 * reported payment (or, matched in the bank's statement, from awaiting payment) with that number written in the same
 * conditional write. When the order had moved already, the transaction is rolled back and the number given back, so
 * a failed or lost confirmation takes no number and two at once never share one: the numbers have no gaps.
 */
export async function markPaid(
  db: Kysely<Database>,
  change: { id: number; from: readonly OrderStatus[]; by: string; at: string; utr?: string | undefined },
  numberOf: (n: number, paidAt: string) => string,
): Promise<{ receiptNo: number; receiptNumber: string } | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const next = await trx
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'receipt')
        .returning('value')
        .executeTakeFirstOrThrow();
      const receiptNo = Number(next.value);
      const receiptNumber = numberOf(receiptNo, change.at);
      const from = await moveOrder(trx, {
        id: change.id,
        from: change.from,
        to: 'paid',
        author: change.by,
        at: change.at,
        set: { paid_at: change.at, confirmed_by: change.by, receipt_no: receiptNo, receipt_number: receiptNumber, ...(change.utr ? { utr: change.utr } : {}) },
      });
      if (!from) throw new NotMoved();
      return { receiptNo, receiptNumber };
    });
  } catch (error) {
    if (error instanceof NotMoved) return undefined;
    throw error;
  }
}

/** Orders awaiting payment past their time: expired, each by its own conditional write. */
export async function expiredBefore(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id'])
    .where('status', '=', 'awaitingPayment')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export async function orderByUtr(db: Db, utr: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(ORDER).where('utr', '=', utr).executeTakeFirst();
}

/** Orders whose references appear in a statement, found in one query. */
export async function ordersByReferences(db: Db, references: readonly string[]): Promise<Map<string, OrderRow>> {
  if (!references.length) return new Map();
  const rows = await db.selectFrom('orders').select(ORDER).where('reference', 'in', references).execute();
  return new Map(rows.map((r) => [r.reference, r]));
}

export async function ordersByUtrs(db: Db, utrs: readonly string[]): Promise<Map<string, OrderRow>> {
  if (!utrs.length) return new Map();
  const rows = await db.selectFrom('orders').select(ORDER).where('utr', 'in', utrs).execute();
  return new Map(rows.map((r) => [r.utr!, r]));
}

export interface PaymentsFilter {
  status?: OrderStatus | undefined;
  kind?: OrderKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

function filtered(db: Db, filter: PaymentsFilter) {
  let query = db.selectFrom('orders');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  const search = filter.search?.trim();
  if (search) {
    const lower = search.toLowerCase();
    const end = `${lower}\uffff`;
    if (/^ICO[0-9A-Z]{9}$/i.test(search)) query = query.where('reference', '=', search.toUpperCase());
    else if (/^[0-9]{12}$/.test(search)) query = query.where('utr', '=', search);
    else if (lower.includes('@')) query = query.where('email_normalized', '>=', lower).where('email_normalized', '<', end);
    else query = query.where((eb) => eb.and([eb(eb.fn('lower', ['name']), '>=', lower), eb(eb.fn('lower', ['name']), '<', end)]));
  }
  return query;
}

/**
 * The payments screen, newest first, 50 a page, with the count of reported payments waiting for the team (the
 * console opens on those: a filter by status reads its own index).
 */
export async function paymentsPage(db: Kysely<Database>, filter: PaymentsFilter, offset: number, limit: number) {
  const [rows, total, reported] = await Promise.all([
    filtered(db, filter).select(ORDER).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    countReported(db),
  ]);
  return { rows, total: Number(total.n), reported };
}

/** Payments reported and waiting for the team (the payments screen's and the console's first screen's count; orders_status answers it). */
export async function countReported(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'paymentReported')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every order, oldest first, for the accountant's export. */
export async function allOrders(db: Db, filter: PaymentsFilter) {
  return filtered(db, filter).select(ORDER).orderBy('created_at').orderBy('id').execute();
}

/** Rupees given to a campaign and confirmed (paid, not refunded) since a day: what its progress bar may add. */
export async function confirmedGifts(db: Db, campaign: string, since: string) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.sum<number | string | null>('amount').as('total'), eb.fn.countAll<number | string>().as('n')])
    .where('kind', '=', 'gift')
    .where('subject_id', '=', campaign)
    .where('status', '=', 'paid')
    .where('paid_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total ?? 0), count: Number(row.n) };
}

/**
 * A member's orders, on the deletion of her account: open ones are cancelled and every one unlinked and stripped of
 * her name, address and PAN, except paid and refunded ones, whose receipts the law makes us keep (section 36 of the
 * CGST Act and the Income Tax rules: books of account for eight and six years), with the name as printed.
 */
export async function forgetOrdersOf(db: Kysely<Database>, userId: number, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const open = await trx.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', 'in', OPEN).execute();
    for (const { id } of open) await moveOrder(trx, { id, from: OPEN, to: 'cancelled', author: 'site', note: 'account deleted', at });
    await trx
      .updateTable('orders')
      .set({ name: '', email: '', email_normalized: '', pan: null })
      .where('user_id', '=', userId)
      .where('status', 'not in', ['paid', 'refunded'])
      .execute();
    await trx.updateTable('orders').set({ user_id: null }).where('user_id', '=', userId).execute();
  });
}
