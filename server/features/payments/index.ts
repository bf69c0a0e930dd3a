/** Payments: what the rest of the server may use (the console's payments screen, the account's download and deletion). */

export { receiptFileName } from './mails.ts';
export { type PaymentProvider, upiProvider } from './provider.ts';
export { receiptPdf } from './receipt.ts';
export {
  allOrders,
  countReported,
  forgetOrdersOf,
  OPEN,
  type OrderRow,
  orderByReference,
  ordersByReferences,
  ordersByUtrs,
  ordersOfMember,
  paymentsPage,
} from './repository.ts';
export { confirmPayment, decidedWords, merchantOf, ordersExport, type PayablesCatalogue, readPayables, refundOrder, refusePayment } from './service.ts';
export { credits, mapColumns, readStatement, StatementError } from './statement.ts';
export { matchStatement } from './statementMatch.ts';
