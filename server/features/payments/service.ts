import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fill } from '../../../engine/shared/fill.ts';
import { translationLanguageOf } from '../../../engine/shared/language.ts';
import { formatRupees } from '../../../engine/shared/money.ts';
import type { Course, CourseDetail, MyOrder, OrderRequest, PublicUser } from '../../../engine/types.ts';
import type { OrderKind, OrderStatus } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { clientKey } from '../../limits/clientKey.ts';
import type { PaymentProvider } from './provider.ts';
import { insertOrder, markPaid, moveOrder, OPEN, type OrderRow, openOrders, orderByKey, orderByReference, ordersOfMember } from './repository.ts';

/** What can be paid for, from content: its title and amount. Read once at start, as enrolments read the catalogue. */
export interface Payable {
  kind: OrderKind;
  id: string;
  title: string;
  /** Rupees; for the campaign, the gift's bounds say what may be given. */
  amount?: number;
  /** A course paid for only once an application to it has been accepted. */
  afterApplication?: boolean;
}

export interface PayablesCatalogue {
  find(kind: OrderKind, id: string): Payable | undefined;
}

/** The professional courses (data/courseDetails), the short courses (data/courses.json) and the campaign (site settings). */
export function readPayables(app: Pick<FastifyInstance, 'root' | 'site'>): PayablesCatalogue {
  const detailsDir = path.join(app.root, 'data', 'courseDetails');
  const details = fs
    .readdirSync(detailsDir)
    .filter((f) => f.endsWith('.json') && !translationLanguageOf(f))
    .map((f) => JSON.parse(fs.readFileSync(path.join(detailsDir, f), 'utf8')) as CourseDetail);
  const courses = (JSON.parse(fs.readFileSync(path.join(app.root, 'data', 'courses.json'), 'utf8')) as { items: Course[] }).items;
  const items = new Map<string, Payable>();
  for (const d of details)
    items.set(`course:${d.id}`, { kind: 'course', id: d.id, title: d.title, amount: d.newPrice, afterApplication: d.paymentAfterApplication === true });
  for (const c of courses) items.set(`shortCourse:${c.id}`, { kind: 'shortCourse', id: String(c.id), title: c.title, amount: c.price });
  const gifts = app.site.payments.gifts;
  items.set(`gift:${gifts.campaign}`, { kind: 'gift', id: gifts.campaign, title: gifts.title });
  return { find: (kind, id) => items.get(`${kind}:${id}`) };
}

/** No 0/O or 1/I/L: a reference read aloud or typed from a receipt stays right. 31^9 references, so one is never guessed. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newOrderReference(): string {
  let out = 'ICO';
  for (let i = 0; i < 9; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The financial year a day is in, as Indian receipts write it: 2026-27 from 1 April 2026 (in India's time). */
export function financialYear(iso: string): string {
  const india = new Date(new Date(iso).getTime() + 5.5 * 3_600_000);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** A receipt's number as printed: the prefix, the financial year, and its place in the one gapless sequence. */
export function receiptNumberOf(prefix: string) {
  return (n: number, paidAt: string) => `${prefix}/${financialYear(paidAt)}/${String(n).padStart(6, '0')}`;
}

/** The merchant UPI ID without a placeholder mark (outside production; a production start refuses one). */
export function merchantOf(app: Pick<FastifyInstance, 'site'>) {
  return { upiId: app.site.payments.upiId.replace(/^placeholder:/, ''), payeeName: app.site.payments.payeeName };
}

// Making an order

/**
 * An order for a course, a short course or a gift: its amount from content (a course's amount in the request must be
 * the one content sets, or the page was stale or tampered with: refused), capped per member and per client while
 * unpaid (orders are cheap to make), expiring after the site's hours. A course that content says is paid after an
 * accepted application takes an order only from a member with an offer for it. Made once per idempotency key.
 */
export async function makeOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  member: PublicUser,
  body: OrderRequest,
  payables: PayablesCatalogue,
  hasOffer: (userId: number, courseId: string) => Promise<number | undefined>,
  now = new Date(),
) {
  const repeat = await orderByKey(app.db, body.idempotencyKey);
  if (repeat) {
    if (repeat.user_id !== member.id) throw new ApiError('FORM_KEY_REUSED');
    return { order: repeat, created: false };
  }
  const payable = payables.find(body.kind, body.subjectId);
  if (!payable) throw new ApiError('ORDER_SUBJECT_UNKNOWN');
  const settings = app.site.payments;
  let amount: number;
  if (body.kind === 'gift') {
    amount = body.amount;
    if (!settings.gifts.amounts.includes(amount) && (amount < settings.gifts.min || amount > settings.gifts.max)) {
      throw new ApiError('GIFT_AMOUNT_OUTSIDE', { min: settings.gifts.min, max: settings.gifts.max });
    }
  } else {
    amount = payable.amount!;
    if (body.amount !== amount) throw new ApiError('ORDER_AMOUNT_CHANGED', { amount: formatRupees(amount) });
  }
  if (body.pan && body.kind !== 'gift') throw new ApiError('VALIDATION_FAILED');
  let applicationId: number | undefined;
  if (payable.afterApplication) {
    applicationId = await hasOffer(member.id, payable.id);
    if (applicationId === undefined) throw new ApiError('ORDER_NEEDS_APPLICATION', { title: payable.title });
  }
  const client = app.links.key('order-client', clientKey(request)).slice(0, 22);
  const open = await openOrders(app.db, { userId: member.id, client }, now.toISOString());
  if (open.member >= settings.openOrdersPerMember) throw new ApiError('ORDERS_OPEN_LIMIT', { count: settings.openOrdersPerMember });
  if (app.limits.enabled && open.client >= settings.openOrdersPerClient)
    throw new ApiError('ORDERS_OPEN_LIMIT_CLIENT', { count: settings.openOrdersPerClient });
  const order = await insertOrder(
    app.db,
    {
      reference: newOrderReference(),
      idempotencyKey: body.idempotencyKey,
      kind: payable.kind,
      subjectId: payable.id,
      subjectTitle: payable.title,
      amount,
      userId: member.id,
      name: member.fullName,
      email: member.email,
      // A PAN serves the donor only on an 80G receipt: without a registration it is not kept.
      pan: settings.taxExemption ? body.pan : undefined,
      applicationId,
      client,
      expiresAt: new Date(now.getTime() + settings.orderHours * 3_600_000).toISOString(),
    },
    now,
  );
  return { order, created: true };
}

/** An order as its payer's account shows it: how to pay it while it can be paid, its receipt once paid. */
export function myOrder(provider: PaymentProvider, row: OrderRow, now = new Date()): MyOrder {
  const payable = (row.status === 'awaitingPayment' || row.status === 'paymentReported') && row.expires_at > now.toISOString();
  return {
    reference: row.reference,
    kind: row.kind,
    subjectId: row.subject_id,
    title: row.subject_title,
    amount: Number(row.amount),
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    ...(payable ? { upi: provider.link({ reference: row.reference, amount: Number(row.amount), note: row.subject_title }) } : {}),
    ...(row.utr ? { utr: row.utr } : {}),
    ...(row.reported_at ? { reportedAt: row.reported_at } : {}),
    ...(row.refusal && row.status === 'awaitingPayment' ? { refusal: row.refusal } : {}),
    ...(row.paid_at ? { paidAt: row.paid_at } : {}),
    ...(row.receipt_number && row.paid_at ? { receipt: { number: row.receipt_number, issuedAt: row.paid_at } } : {}),
    ...(row.refunded_at ? { refundedAt: row.refunded_at } : {}),
  };
}

export async function myOrders(app: FastifyInstance, provider: PaymentProvider, userId: number): Promise<MyOrder[]> {
  return (await ordersOfMember(app.db, userId)).map((row) => myOrder(provider, row));
}

/** The member's own order by its reference, or the catalogue's "not found" (another's order is not found either). */
export async function ownOrder(app: FastifyInstance, userId: number, reference: string): Promise<OrderRow> {
  const row = await orderByReference(app.db, reference);
  if (!row || row.user_id !== userId) throw new ApiError('ORDER_NOT_FOUND');
  return row;
}

// The payer's report

/**
 * The payer reports the 12-digit UTR her app showed: the order waits for the team to find it in the bank's statement
 * (a reported UTR confirms nothing by itself). A UTR already given for another order is refused (one index holds it),
 * and so is a report for an order that cannot be paid any more. She may report again after a refusal.
 */
export async function reportPayment(app: FastifyInstance, userId: number, reference: string, typed: string, now = new Date()): Promise<OrderRow> {
  const utr = typed.replace(/\s+/g, '');
  if (!/^[0-9]{12}$/.test(utr)) throw new ApiError('UTR_INVALID');
  const row = await ownOrder(app, userId, reference);
  if (row.status === 'paymentReported' && row.utr === utr) return row;
  if (row.status !== 'awaitingPayment' && row.status !== 'paymentReported')
    throw new ApiError('ORDER_NOT_PAYABLE', { status: app.site.ui.payments.status[row.status] });
  const at = now.toISOString();
  try {
    const moved = await app.db.transaction().execute((trx) =>
      moveOrder(trx, {
        id: row.id,
        from: ['awaitingPayment', 'paymentReported'],
        to: 'paymentReported',
        author: 'payer',
        at,
        note: `UTR ${utr}`,
        notExpiredAt: at,
        set: { utr, reported_at: at, refusal: null },
      }),
    );
    if (!moved) throw new ApiError('ORDER_NOT_PAYABLE', { status: app.site.ui.payments.status.expired });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The unique index on the UTR: it was given for another order.
    const other = await app.db.selectFrom('orders').select('id').where('utr', '=', utr).executeTakeFirst();
    if (other && other.id !== row.id) throw new ApiError('UTR_USED');
    throw error;
  }
  return (await orderByReference(app.db, reference))!;
}

export async function cancelOrder(app: FastifyInstance, userId: number, reference: string, now = new Date()): Promise<OrderRow> {
  const row = await ownOrder(app, userId, reference);
  const moved = await app.db
    .transaction()
    .execute((trx) => moveOrder(trx, { id: row.id, from: ['awaitingPayment'], to: 'cancelled', author: 'payer', at: now.toISOString() }));
  if (!moved) throw new ApiError('ORDER_NOT_PAYABLE', { status: app.site.ui.payments.status[row.status] });
  return row;
}

// The team's confirmation

/**
 * Confirms a payment: the order becomes paid with the next receipt number, in one transaction (repository markPaid),
 * and the receipt is mailed. From a reported payment when staff confirm it; from a reported or awaiting one when the
 * bank's statement shows it. Undefined when someone confirmed or changed it first.
 */
export async function confirmPayment(
  app: FastifyInstance,
  row: Pick<OrderRow, 'id'>,
  by: string,
  from: readonly OrderStatus[],
  utr?: string,
  now = new Date(),
): Promise<string | undefined> {
  const paid = await markPaid(app.db, { id: row.id, from, by, at: now.toISOString(), utr }, receiptNumberOf(app.site.payments.receiptPrefix));
  if (!paid) return undefined;
  await app.mailQueue.enqueue('receipt', { id: row.id });
  return paid.receiptNumber;
}

/** A reported payment the bank does not show: back to awaiting payment, with the reason the payer reads, and a mail. */
export async function refusePayment(app: FastifyInstance, row: Pick<OrderRow, 'id'>, by: string, reason: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const moved = await app.db.transaction().execute((trx) =>
    // The UTR is taken off, so the payer can report the right one (or another order can use this one if it was hers).
    moveOrder(trx, {
      id: row.id,
      from: ['paymentReported'],
      to: 'awaitingPayment',
      author: by,
      note: reason,
      at,
      set: { refusal: reason, utr: null, reported_at: null },
    }),
  );
  if (moved) await app.mailQueue.enqueue('payment-refused', { id: row.id });
  return Boolean(moved);
}

/** A paid order refunded: recorded with a note (the money itself goes back by the bank); the receipt stays, marked refunded. */
export async function refundOrder(app: FastifyInstance, reference: string, by: string, note: string, now = new Date()): Promise<OrderRow> {
  const row = await orderByReference(app.db, reference);
  if (!row) throw new ApiError('ORDER_NOT_FOUND');
  const at = now.toISOString();
  const moved = await app.db
    .transaction()
    .execute((trx) => moveOrder(trx, { id: row.id, from: ['paid'], to: 'refunded', author: by, note, at, set: { refunded_at: at, refund_note: note } }));
  if (!moved) throw new ApiError('ORDER_NOT_PAID');
  return row;
}

export function decidedWords(app: FastifyInstance, count: number, decision: 'confirm' | 'refuse'): string {
  const words = app.site.ui.serverAnswers;
  return fill(decision === 'confirm' ? words.paymentsConfirmed[count === 1 ? 'one' : 'other'] : words.paymentsRefused[count === 1 ? 'one' : 'other'], {
    count,
  });
}

/** Her orders, for her data download: what she bought or gave, when, its status, UTR, receipt and PAN. */
export async function ordersExport(app: FastifyInstance, userId: number) {
  return {
    orders: (await ordersOfMember(app.db, userId)).map((row) => ({
      reference: row.reference,
      for: row.subject_title,
      amount: Number(row.amount),
      status: row.status,
      madeAt: row.created_at,
      name: row.name,
      email: row.email,
      pan: row.pan,
      utr: row.utr,
      reportedAt: row.reported_at,
      paidAt: row.paid_at,
      receipt: row.receipt_number,
      refundedAt: row.refunded_at,
    })),
  };
}

export { OPEN };
