/**
 * How an order is paid: the seam a payment gateway would plug into later without touching orders. A provider makes
 * what the payer uses to pay an order (a link, a QR code) and says how a payment is confirmed. The one provider today
 * is UPI by NPCI's link, confirmed by staff against the bank's statement by its UTR; a gateway would add its own
 * confirmation (a webhook checked by HMAC over the raw body) beside it. No gateway code here: none is reachable yet.
 */
import QRCode from 'qrcode';

export interface PayableOrder {
  reference: string;
  amount: number;
  /** What the payment app shows as its note (tn). */
  note: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** The address a phone opens to pay the order. */
  link(order: PayableOrder): string;
  /** The same, as a QR code another device's camera reads (SVG). */
  qrSvg(order: PayableOrder): Promise<string>;
}

export interface UpiMerchant {
  /** The merchant UPI ID (pa): a business's, as a personal ID fails in payment apps with "risk threshold" errors. */
  upiId: string;
  /** The name payment apps show for it (pn). */
  payeeName: string;
}

/**
 * NPCI's UPI deep link: upi://pay?pa=&pn=&am=&cu=INR&tn=&tr=. Every UPI app opens it; the amount is fixed (am, with
 * two decimals as the specification writes it), the order's reference is the transaction reference (tr), and the
 * note (tn, at most 80 characters) names what is paid for.
 */
export function upiProvider(merchant: UpiMerchant): PaymentProvider {
  const link = (order: PayableOrder) => {
    const params = new URLSearchParams({
      pa: merchant.upiId,
      pn: merchant.payeeName,
      am: order.amount.toFixed(2),
      cu: 'INR',
      tn: order.note.slice(0, 80),
      tr: order.reference,
    });
    // URLSearchParams writes spaces as +, which some UPI apps show as they are: %20 is read alike by all.
    return `upi://pay?${params.toString().replaceAll('+', '%20')}`;
  };
  return {
    name: 'upi',
    link,
    qrSvg: (order) => QRCode.toString(link(order), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  };
}
