import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import SVGtoPDF from 'svg-to-pdfkit';
import { formatIndianDate, formatLongDate } from '../../../engine/shared/dates.ts';
import { fill } from '../../../engine/shared/fill.ts';
import type { Locale } from '../../../engine/shared/language.ts';
import type { SiteSettings } from '../../../engine/types.ts';
import { type Doc, line, registerNotoFonts } from '../../pdf/noto.ts';
import { pageUrl } from './credential.ts';
import type { CertificateDesign, PrintImage } from './design.ts';
import type { StoredCertificate } from './repository.ts';
import type { ProgrammeFacts } from './service.ts';

/** The colours of the site's sample certificate (public/images/documents/certificate.svg). */
const PAPER = '#fffdf7';
const BLUE = '#2447c7';
const BLUE_DEEP = '#1e3a8a';
const SAFFRON = '#f97316';
const SAFFRON_DEEP = '#c2410c';
const RED = '#b91c1c';
const INK = '#0f172a';
const MUTED = '#475569';

/** A picture of the design fitted into a box, centred: SVG drawn as vectors (its text in Noto Sans), PNG or JPEG embedded. */
function drawImage(doc: Doc, image: PrintImage, x: number, y: number, width: number, height: number): void {
  if (image.kind === 'bitmap') {
    doc.image(image.data, x, y, { fit: [width, height], align: 'center', valign: 'center' });
    return;
  }
  SVGtoPDF(doc, image.svg, x, y, {
    width,
    height,
    preserveAspectRatio: 'xMidYMid meet',
    fontCallback: (_family: string, bold: boolean) => (bold ? 'noto-latin-700' : 'noto-latin-400'),
  });
}

/**
 * The certificate as a one-page A4 landscape PDF, drawn as the site's sample
 * certificate shows it: the logo, the title by kind, the holder, the programme
 * with its length and dates, the result, the signatories with their
 * signatures, the seal, and beside the signatures the ID and a QR code that
 * opens the certificate's page, where anyone can check it. A sample or a
 * revoked certificate says so in a band across the top and in large letters
 * across the page, never presenting itself as valid.
 */
export async function certificatePdf(
  certificate: StoredCertificate,
  settings: SiteSettings,
  facts: ProgrammeFacts,
  design: CertificateDesign,
  locale: Locale = 'en-IN',
): Promise<Buffer> {
  const words = settings.ui.certificatePdf;
  const url = pageUrl(settings, certificate.certificateID);
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
  const title = facts.kind === 'internship' ? words.titleInternship : words.titleCourse;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    lang: locale,
    info: { Title: `${title}: ${certificate.studentName}, ${certificate.courseName}`, Author: settings.name, Subject: url },
  });
  registerNotoFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const revoked = certificate.status === 'revoked';
  const marked = revoked || certificate.sample;
  const markColour = revoked ? RED : SAFFRON_DEEP;

  doc.rect(0, 0, width, height).fill(PAPER);
  doc
    .lineWidth(6)
    .strokeColor(BLUE)
    .rect(16, 16, width - 32, height - 32)
    .stroke();
  doc
    .lineWidth(1.5)
    .strokeColor(SAFFRON)
    .rect(28, 28, width - 56, height - 56)
    .stroke();

  // Across the page, under everything printed on it: SAMPLE or REVOKED.
  if (marked) {
    doc.save();
    doc.rotate(-24, { origin: [width / 2, height / 2] });
    doc.fillOpacity(0.1);
    line(doc, revoked ? words.watermarkRevoked : words.watermarkSample, height / 2 - 60, { size: 120, weight: 700, color: markColour, x: 0, width });
    doc.restore();
    doc.fillOpacity(1);
  }

  const inner = { x: 70, width: width - 140 };
  let y = 46;
  if (marked) {
    const banner = revoked
      ? fill(words.revoked, { date: formatIndianDate(certificate.revokedAt ?? '', locale), reason: certificate.revocationReason ?? '' })
      : words.sample;
    doc.rect(29, 29, width - 58, 30).fill(markColour);
    line(doc, banner, 36, { size: 12, weight: 700, color: '#ffffff', x: 40, width: width - 80 });
    y = 70;
  }

  drawImage(doc, design.logo, (width - 200) / 2, y, 200, 42);
  y += 58;
  y = line(doc, title, y, { size: 30, weight: 700, color: INK, ...inner }) + 8;
  y = line(doc, words.certifies, y, { size: 13, color: MUTED, ...inner }) + 4;
  const nameTop = y;
  y = line(doc, certificate.studentName, y, { size: 28, weight: 700, color: BLUE_DEEP, ...inner });
  doc
    .lineWidth(1)
    .strokeColor('#cbd5e1')
    .moveTo(width / 2 - 190, nameTop + 41)
    .lineTo(width / 2 + 190, nameTop + 41)
    .stroke();
  y += 8;
  y = line(doc, fill(words.of, { college: certificate.college, regNo: certificate.regNo }), y, { size: 12, color: MUTED, ...inner }) + 2;
  const weeks = facts.durationWeeks;
  const completed =
    facts.kind === 'internship'
      ? weeks
        ? fill(words.completedInternshipWeeks, { weeks })
        : words.completedInternship
      : weeks
        ? fill(words.completedCourseWeeks, { weeks })
        : words.completedCourse;
  y = line(doc, completed, y, { size: 13, color: MUTED, ...inner }) + 2;
  y = line(doc, certificate.courseName, y, { size: 21, weight: 700, color: INK, ...inner }) + 2;
  const result =
    facts.startDate && facts.endDate
      ? fill(words.resultWithDates, { start: formatLongDate(facts.startDate, locale), end: formatLongDate(facts.endDate, locale), marks: certificate.marks })
      : fill(words.result, { marks: certificate.marks });
  y = line(doc, result, y, { size: 13, color: INK, ...inner }) + 2;
  y = line(doc, fill(words.issued, { date: formatLongDate(certificate.issueDate, locale) }), y, { size: 11, color: MUTED, ...inner });
  if (certificate.correctedAt) line(doc, fill(words.corrected, { date: formatIndianDate(certificate.correctedAt) }), y, { size: 10, color: MUTED, ...inner });

  // The signatures, left and right of the seal; the ID and the QR code on the line below them.
  const signLine = 452;
  const columns = design.signatories.length === 1 ? [width * 0.24] : [width * 0.24, width * 0.76];
  design.signatories.forEach((signatory, i) => {
    const centre = columns[i]!;
    drawImage(doc, signatory.signature, centre - 85, signLine - 56, 170, 52);
    doc
      .lineWidth(1)
      .strokeColor('#94a3b8')
      .moveTo(centre - 95, signLine)
      .lineTo(centre + 95, signLine)
      .stroke();
    line(doc, signatory.name, signLine + 5, { size: 12, weight: 700, color: INK, x: centre - 110, width: 220 });
    line(doc, signatory.title, signLine + 22, { size: 10, color: MUTED, x: centre - 110, width: 220 });
  });
  drawImage(doc, design.seal, width / 2 - 48, signLine - 72, 96, 96);

  const qrSize = 74;
  const qrX = width - 44 - qrSize;
  const qrY = height - 44 - qrSize;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  const idY = height - 44 - 58;
  line(doc, fill(words.id, { id: certificate.certificateID }), idY, { size: 12, weight: 700, color: INK, x: 46, width: 520, align: 'left' });
  line(doc, words.scan, idY + 20, { size: 9, color: MUTED, x: 46, width: qrX - 60, align: 'left' });
  doc
    .fillColor(BLUE)
    .font('noto-latin-400')
    .fontSize(9)
    .text(url, 46, idY + 34, { lineBreak: false, link: url });
  doc.end();
  return done;
}

/** The QR code of a certificate's page, as SVG: for the page's print view. */
export function certificateQrSvg(settings: SiteSettings, certificateId: string): Promise<string> {
  return QRCode.toString(pageUrl(settings, certificateId), { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
