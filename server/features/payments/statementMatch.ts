import type { FastifyInstance } from 'fastify';
import type { StatementRow } from '../../../engine/types.ts';
import type { OrderStatus } from '../../db/schema.ts';
import { type OrderRow, ordersByReferences, ordersByUtrs } from './repository.ts';
import { confirmPayment } from './service.ts';

/** What a statement's row may confirm: an order still waiting, or one that expired while the money was on its way. */
const CONFIRMABLE: readonly OrderStatus[] = ['awaitingPayment', 'paymentReported', 'expired'];

type Credit = Omit<StatementRow, 'match'>;

/**
 * What each credit of a bank statement is, and, with `confirm`, the matches confirmed: a row pays an order when it
 * names the order's reference or the UTR its payer reported, and carries exactly its amount. A row with another
 * amount is listed, never confirmed; a row whose UTR another order holds, or a second row for an order, is skipped
 * (the team looks); an order already paid is "already". Each confirmation is the order's one conditional move to
 * paid (markPaid), so a statement imported twice, or by two people at once, confirms each order once.
 */
export async function matchStatement(app: FastifyInstance, credits: readonly Credit[], by: string, confirm: boolean): Promise<StatementRow[]> {
  const byReference = await ordersByReferences(app.db, [...new Set(credits.flatMap((c) => (c.reference ? [c.reference] : [])))]);
  const byUtr = await ordersByUtrs(app.db, [...new Set(credits.flatMap((c) => (c.utr ? [c.utr] : [])))]);
  const seen = new Set<number>();
  const rows: StatementRow[] = [];
  for (const credit of credits) {
    const order: OrderRow | undefined = (credit.reference ? byReference.get(credit.reference) : undefined) ?? (credit.utr ? byUtr.get(credit.utr) : undefined);
    const row = (match: StatementRow['match']): StatementRow => ({ ...credit, reference: order?.reference ?? credit.reference, match });
    if (!order) {
      rows.push(row('unmatched'));
      continue;
    }
    const utrHeldElsewhere = credit.utr ? byUtr.get(credit.utr) : undefined;
    if (seen.has(order.id) || (utrHeldElsewhere && utrHeldElsewhere.id !== order.id)) {
      rows.push(row('skipped'));
      continue;
    }
    seen.add(order.id);
    if (credit.amount !== Number(order.amount)) rows.push(row('amountDiffers'));
    else if (order.status === 'paid' || order.status === 'refunded') rows.push(row('already'));
    else if (!CONFIRMABLE.includes(order.status)) rows.push(row('skipped'));
    else if (!confirm) rows.push(row('matched'));
    else {
      const number = await confirmPayment(app, order, by, CONFIRMABLE, credit.utr ?? undefined);
      rows.push(row(number ? 'confirmed' : 'already'));
    }
  }
  return rows;
}
