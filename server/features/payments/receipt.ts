import PDFDocument from 'pdfkit';
import { formatIndianDate } from '../../../engine/shared/dates.ts';
import { fill } from '../../../engine/shared/fill.ts';
import { formatRupees } from '../../../engine/shared/money.ts';
import type { SiteSettings } from '../../../engine/types.ts';
import { line, registerNotoFonts } from '../../pdf/noto.ts';
import { rupeesInWords } from './amountInWords.ts';
import type { OrderRow } from './repository.ts';

const INK = '#0f172a';
const MUTED = '#475569';
const BLUE = '#2447c7';
const RED = '#b91c1c';

/**
 * A paid order's receipt, as a PDF: its number from the one gapless sequence, the day it was paid, the payer's name,
 * what was paid for, the amount in figures and in Indian words, the UTR, and the business's GSTIN when it has one. A
 * gift's receipt carries the 80G details (the trust's registration and its validity, the donor's PAN) only when the
 * site holds an 80G registration valid on the day, and otherwise says plainly that the gift gives no deduction.
 */
export async function receiptPdf(order: OrderRow, settings: SiteSettings): Promise<Buffer> {
  const words = settings.ui.receiptPdf;
  const payments = settings.payments;
  const gift = order.kind === 'gift';
  const title = gift ? words.giftTitle : words.title;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: 'en-IN',
    info: { Title: `${title} ${order.receipt_number ?? ''}`, Author: payments.legalName, Subject: order.subject_title },
  });
  registerNotoFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 56;
  const width = doc.page.width - 2 * left;
  let y = 56;
  y = line(doc, payments.legalName, y, { size: 18, weight: 700, color: BLUE, width, x: left, align: 'left' });
  if (settings.contact.address) y = line(doc, settings.contact.address, y, { size: 10, color: MUTED, width, x: left, align: 'left' });
  if (payments.gstin) y = line(doc, `${words.gstin}: ${payments.gstin}`, y, { size: 10, color: MUTED, width, x: left, align: 'left' });
  y += 24;
  y = line(doc, title, y, { size: 24, weight: 700, color: INK, width, x: left, align: 'left' });
  y += 12;

  const paidAt = order.paid_at ?? order.status_at;
  const exemption = gift ? validExemption(settings, paidAt) : undefined;
  const rows: [string, string][] = [
    [words.number, order.receipt_number ?? ''],
    [words.date, formatIndianDate(paidAt)],
    [words.receivedFrom, order.name],
    ...(exemption && order.pan ? ([[words.pan, order.pan]] as [string, string][]) : []),
    [words.forWhat, order.subject_title],
    [words.order, order.reference],
    [words.utr, order.utr ?? ''],
    [words.amount, formatRupees(Number(order.amount))],
    [words.inWords, rupeesInWords(Number(order.amount))],
  ];
  for (const [label, value] of rows) {
    line(doc, label, y, { size: 11, color: MUTED, width: 170, x: left, align: 'left' });
    y = line(doc, value, y, { size: 12, weight: label === words.amount ? 700 : 400, color: INK, width: width - 180, x: left + 180, align: 'left' });
    y += 6;
  }
  y += 12;
  if (gift) {
    const sentence = exemption
      ? fill(words.exemption, {
          trust: exemption.trust,
          registration: exemption.registration,
          from: formatIndianDate(exemption.validFrom),
          to: formatIndianDate(exemption.validTo),
        })
      : words.noExemption;
    doc.font('noto-latin-400').fontSize(11).fillColor(INK).text(sentence, left, y, { width });
    y = doc.y + 12;
  }
  if (order.status === 'refunded' && order.refunded_at) {
    y = line(doc, fill(words.refunded, { date: formatIndianDate(order.refunded_at) }), y, { size: 14, weight: 700, color: RED, width, x: left, align: 'left' });
  }
  doc
    .font('noto-latin-400')
    .fontSize(9)
    .fillColor(MUTED)
    .text(fill(words.footer, { name: payments.legalName, address: settings.contact.address ?? '' }), left, doc.page.height - 72, { width });
  doc.end();
  return done;
}

/** The site's 80G registration when it was valid on the day of the gift. */
function validExemption(settings: SiteSettings, paidAt: string) {
  const held = settings.payments.taxExemption;
  const day = paidAt.slice(0, 10);
  return held && held.validFrom <= day && day <= held.validTo ? held : undefined;
}
