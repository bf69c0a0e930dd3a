import type { FastifyInstance } from 'fastify';
import { fill, fillCount } from '../../../engine/shared/fill.ts';
import type { StatementMapping, StatementRow } from '../../../engine/types.ts';
import { toCsv } from '../../csv.ts';
import { ApiError, errorAnswer } from '../../errors.ts';
import { handle } from '../../http/routes.ts';
import { dayAfter, sinceTime } from '../enquiries/index.ts';
import {
  allOrders,
  confirmPayment,
  credits,
  decidedWords,
  mapColumns,
  matchStatement,
  type OrderRow,
  orderByReference,
  paymentsPage,
  readStatement,
  receiptFileName,
  receiptPdf,
  refundOrder,
  refusePayment,
  StatementError,
} from '../payments/index.ts';
import { PAGE_SIZE, pageOf } from './paging.ts';
import { audit } from './service.ts';
import { staffOf } from './session.ts';

const listed = (row: OrderRow) => ({
  reference: row.reference,
  kind: row.kind,
  title: row.subject_title,
  amount: Number(row.amount),
  status: row.status,
  name: row.name,
  email: row.email,
  createdAt: row.created_at,
  utr: row.utr,
  reportedAt: row.reported_at,
  paidAt: row.paid_at,
  receiptNumber: row.receipt_number,
});

const EXPORT_HEADER = [
  'reference',
  'kind',
  'for',
  'amount',
  'status',
  'name',
  'email',
  'made',
  'utr',
  'paid',
  'receipt',
  'confirmed by',
  'refunded',
  'refund note',
];

/**
 * The payments screen: staff confirm reported payments or refuse them with a reason the payer reads, and import the
 * bank's statement, previewed with each row's match, then confirmed in one step; owners record refunds and export
 * every order for the accountant. Every change is in the audit log; the rules (each order paid once, gapless receipt
 * numbers) are the payments feature's.
 */
export async function staffPaymentsRoutes(app: FastifyInstance): Promise<void> {
  const words = app.site.ui.serverAnswers;
  const filterOf = (q: {
    status?: OrderRow['status'] | undefined;
    kind?: OrderRow['kind'] | undefined;
    from?: string | undefined;
    to?: string | undefined;
    search?: string | undefined;
  }) => ({
    status: q.status,
    kind: q.kind,
    from: q.from ? sinceTime(q.from) : undefined,
    to: q.to ? dayAfter(q.to) : undefined,
    search: q.search,
  });

  handle(app, 'staffPayments', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { page, offset } = pageOf(request.query);
    const { rows, total, reported } = await paymentsPage(app.db, filterOf(request.query), offset, PAGE_SIZE);
    return { total, page, pageSize: PAGE_SIZE, items: rows.map(listed), reported };
  });

  handle(app, 'staffPaymentsDecide', async (request) => {
    const { references, decision } = request.body;
    const reason = request.body.reason?.trim() ?? '';
    if (decision === 'refuse' && !reason) throw new ApiError('REFUSAL_REASON_REQUIRED');
    const by = staffOf(request).email;
    const changed: string[] = [];
    const refused: { reference: string; code: string; message: string }[] = [];
    for (const reference of references) {
      const row = await orderByReference(app.db, reference);
      const done = !row
        ? false
        : decision === 'confirm'
          ? Boolean(await confirmPayment(app, row, by, ['paymentReported']))
          : await refusePayment(app, row, by, reason);
      if (!done) {
        const { body } = errorAnswer(app.site.ui, row ? 'ORDER_NOT_REPORTED' : 'ORDER_NOT_FOUND');
        refused.push({ reference, ...body });
        continue;
      }
      changed.push(reference);
      await audit(
        app,
        request,
        decision === 'confirm' ? 'confirm payment' : 'refuse payment',
        reference,
        decision === 'refuse' ? { reason } : { utr: row!.utr },
      );
    }
    return { message: decidedWords(app, changed.length, decision), changed, refused };
  });

  handle(app, 'staffStatement', async (request) => {
    const { fileName, text, base64, mapping: given, confirm } = request.body;
    let rows: StatementRow[];
    let columns: string[];
    let mapping: StatementMapping;
    let problems: string[];
    try {
      const table = await readStatement(fileName, text, base64);
      const mapped = mapColumns(table, given);
      columns = mapped.columns;
      mapping = mapped.mapping;
      const read = credits(table, mapped.header, mapped.mapping);
      problems = read.problems.slice(0, 50);
      rows = await matchStatement(app, read.credits, staffOf(request).email, confirm === true);
    } catch (error) {
      if (error instanceof StatementError) throw new ApiError('STATEMENT_UNREADABLE', { reason: error.message });
      throw error;
    }
    const counts = { matched: 0, confirmed: 0, already: 0, amountDiffers: 0, unmatched: 0, skipped: 0 };
    for (const row of rows) counts[row.match]++;
    if (confirm)
      await audit(app, request, 'import statement', fileName, {
        confirmed: rows.filter((r) => r.match === 'confirmed').map((r) => r.reference),
        amountDiffers: counts.amountDiffers,
        unmatched: counts.unmatched,
      });
    const message = confirm ? decidedWords(app, counts.confirmed, 'confirm') : fillCount(words.statementChecked, counts.matched);
    return { columns, mapping, rows, counts, problems, message };
  });

  handle(app, 'staffPaymentRefund', async (request) => {
    const { reference, note } = request.body;
    await refundOrder(app, reference, staffOf(request).email, note.trim());
    await audit(app, request, 'refund', reference, { note: note.trim() });
    return { message: fill(words.paymentRefunded, { reference }) };
  });

  handle(app, 'staffPaymentsExport', async (request, reply) => {
    const rows = await allOrders(app.db, filterOf(request.query));
    await audit(app, request, 'export payments', null, { rows: rows.length });
    const csv = toCsv(
      EXPORT_HEADER,
      rows.map((r) => [
        r.reference,
        r.kind,
        r.subject_title,
        Number(r.amount),
        r.status,
        r.name,
        r.email,
        r.created_at,
        r.utr ?? '',
        r.paid_at ?? '',
        r.receipt_number ?? '',
        r.confirmed_by ?? '',
        r.refunded_at ?? '',
        r.refund_note ?? '',
      ]),
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="payments-${new Date().toISOString().slice(0, 10)}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  handle(app, 'staffPaymentReceipt', async (request, reply) => {
    const row = await orderByReference(app.db, request.query.reference);
    if (!row) throw new ApiError('ORDER_NOT_FOUND');
    if (!row.receipt_number) throw new ApiError('ORDER_NOT_PAID');
    await audit(app, request, 'download', `receipt ${row.receipt_number}`);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${receiptFileName(row.receipt_number)}"`)
      .type('application/pdf')
      .send(await receiptPdf(row, app.site));
  });
}
