import type { FastifyInstance } from 'fastify';
import { fill } from '../../../engine/shared/fill.ts';
import { formatRupees } from '../../../engine/shared/money.ts';
import { ApiError } from '../../errors.ts';
import { handle } from '../../http/routes.ts';
import { memberOf } from '../accounts/index.ts';
import { acceptedApplication } from '../applications/index.ts';
import { startExpiring } from './expiry.ts';
import { receiptFileName, registerPaymentMails } from './mails.ts';
import type { PaymentProvider } from './provider.ts';
import { receiptPdf } from './receipt.ts';
import { confirmedGifts } from './repository.ts';
import { cancelOrder, makeOrder, myOrder, myOrders, ownOrder, type PayablesCatalogue, reportPayment } from './service.ts';

/**
 * Payments on the site (service.ts holds the rules): a member makes an order for a course or a gift, pays it with UPI
 * (the link, or its QR code on a computer), reports the UTR her app showed, and finds her receipt on her account once
 * the team has found the money in the bank's statement. The donation page reads the campaign's confirmed gifts.
 */
export async function paymentsFeature(app: FastifyInstance, { provider, payables }: { provider: PaymentProvider; payables: PayablesCatalogue }): Promise<void> {
  const words = app.site.ui.serverAnswers;
  registerPaymentMails(app);
  startExpiring(app);

  handle(app, 'createOrder', async (request, reply) => {
    const member = memberOf(request);
    const { order, created } = await makeOrder(app, request, member, request.body, payables, (userId, courseId) =>
      acceptedApplication(app.db, userId, { kind: 'course', id: courseId }),
    );
    reply.code(created ? 201 : 200);
    return { message: fill(words.orderMade, { title: order.subject_title, amount: formatRupees(Number(order.amount)) }), order: myOrder(provider, order) };
  });

  handle(app, 'myOrders', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { orders: await myOrders(app, provider, memberOf(request).id) };
  });

  handle(app, 'reportPayment', async (request) => {
    const row = await reportPayment(app, memberOf(request).id, request.body.reference, request.body.utr);
    return { message: words.paymentReported, order: myOrder(provider, row) };
  });

  handle(app, 'cancelOrder', async (request) => {
    const row = await cancelOrder(app, memberOf(request).id, request.body.reference);
    return { message: fill(words.orderCancelled, { title: row.subject_title }), order: myOrder(provider, { ...row, status: 'cancelled' }) };
  });

  // The QR code of the link, for a payer whose page is on a computer: only while the order can be paid.
  handle(app, 'orderQr', async (request, reply) => {
    const shown = myOrder(provider, await ownOrder(app, memberOf(request).id, request.query.reference));
    if (!shown.upi) throw new ApiError('ORDER_NOT_PAYABLE', { status: app.site.ui.payments.status[shown.status] });
    const svg = await provider.qrSvg({ reference: shown.reference, amount: shown.amount, note: shown.title });
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  });

  // Her own receipt only, as a download (the same file the receipt mail carries).
  handle(app, 'receiptFile', async (request, reply) => {
    const row = await ownOrder(app, memberOf(request).id, request.query.reference);
    if (!row.receipt_number) throw new ApiError('ORDER_NOT_PAID');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${receiptFileName(row.receipt_number)}"`)
      .type('application/pdf')
      .send(await receiptPdf(row, app.site));
  });

  handle(app, 'campaign', async (_request, reply) => {
    // A donor who reloads after her gift is confirmed sees it counted (one indexed sum; the request allowance bounds scripts).
    reply.header('cache-control', 'no-cache');
    const gifts = app.site.payments.gifts;
    const since = gifts.countSince ? new Date(`${gifts.countSince}T00:00:00+05:30`).toISOString() : '';
    const { total, count } = await confirmedGifts(app.db, gifts.campaign, since);
    return { campaign: gifts.campaign, ...(gifts.countSince ? { since: gifts.countSince } : {}), confirmed: total, gifts: count };
  });
}
