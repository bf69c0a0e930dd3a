import type { FastifyInstance } from 'fastify';
import { siteLink } from '../../mail/mailer.ts';
import { receiptPdf } from './receipt.ts';
import { orderById } from './repository.ts';

/** The receipt's file name: its number, which holds slashes, written with dashes. */
export const receiptFileName = (number: string) => `receipt-${number.replaceAll('/', '-')}.pdf`;

/**
 * The mails of payments, composed when the queue sends them, from the order as it is then: the receipt of a paid
 * order with its PDF, and the word that a reported payment was not found in the bank's statement (not sent when the
 * order has moved on since). Both go to the payer's address, which the order keeps (erased with her account).
 */
export function registerPaymentMails(app: FastifyInstance): void {
  const account = siteLink(app.publicUrl, app.site.accounts.accountPage);
  app.mailQueue.handle('receipt', async (payload) => {
    const row = await orderById(app.db, Number(payload['id']));
    if (!row?.email || !row.receipt_number || (row.status !== 'paid' && row.status !== 'refunded')) return { skip: 'no receipt to send' };
    const bytes = await receiptPdf(row, app.site);
    return {
      mail: app.mails.receipt(
        row.email,
        row.name,
        { title: row.subject_title, amount: Number(row.amount), number: row.receipt_number, link: account },
        { filename: receiptFileName(row.receipt_number), bytes },
      ),
    };
  });
  app.mailQueue.handle('payment-refused', async (payload) => {
    const row = await orderById(app.db, Number(payload['id']));
    if (!row?.email || row.status !== 'awaitingPayment' || !row.refusal) return { skip: 'the order has moved on' };
    return {
      mail: app.mails.paymentRefused(row.email, row.name, {
        title: row.subject_title,
        amount: Number(row.amount),
        reference: row.reference,
        link: account,
        reason: row.refusal,
      }),
    };
  });
}
