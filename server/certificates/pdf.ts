import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatLongDate } from '../../engine/shared/dates.ts';
import type { SiteSettings } from '../../engine/types.ts';
import type { StoredCertificate } from '../repositories/certificates.ts';
import { pageUrl } from './credential.ts';

const require = createRequire(import.meta.url);
const fontFiles = path.join(path.dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');

/**
 * Noto Sans comes in subsets by script; a name may mix them (a Latin name with
 * an accent, a Devanagari name). Each piece of text is drawn with the first
 * subset that has its characters.
 */
const SUBSETS = ['latin', 'latin-ext', 'devanagari', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
type Weight = 400 | 700;

interface FontFace {
  name: string;
  file: string;
  covers: (codePoint: number) => boolean;
}

function faces(weight: Weight): FontFace[] {
  return SUBSETS.map((subset) => {
    const file = path.join(fontFiles, `noto-sans-${subset}-${weight}-normal.woff`);
    const font = fontkit.openSync(file) as unknown as { hasGlyphForCodePoint(c: number): boolean };
    return { name: `noto-${subset}-${weight}`, file, covers: (c: number) => font.hasGlyphForCodePoint(c) };
  });
}

let loaded: Record<Weight, FontFace[]> | undefined;
const fontsFor = () => {
  loaded ??= { 400: faces(400), 700: faces(700) };
  return loaded;
};

/** The text cut into runs, each with the subset that draws it (spaces and punctuation stay with their run). */
function runs(text: string, weight: Weight): { font: string; text: string }[] {
  const list = fontsFor()[weight];
  const out: { font: string; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const last = out[out.length - 1];
    if (last && (/\s/.test(char) || list.find((f) => f.name === last.font)?.covers(codePoint))) {
      last.text += char;
      continue;
    }
    const face = list.find((f) => f.covers(codePoint)) ?? list[0]!;
    out.push({ font: face.name, text: char });
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

/** One line of text, centred, shrunk until it fits the width. */
function line(doc: Doc, text: string, y: number, options: { size: number; weight?: Weight; color?: string; width: number; x: number }): number {
  const weight = options.weight ?? 400;
  const pieces = runs(text, weight);
  let size = options.size;
  const widthAt = (s: number) => pieces.reduce((sum, p) => sum + doc.font(p.font).fontSize(s).widthOfString(p.text), 0);
  while (size > 8 && widthAt(size) > options.width) size -= 1;
  const total = widthAt(size);
  let x = options.x + (options.width - total) / 2;
  doc.fillColor(options.color ?? '#0f172a');
  for (const piece of pieces) {
    doc.font(piece.font).fontSize(size).text(piece.text, x, y, { lineBreak: false });
    x += doc.widthOfString(piece.text);
  }
  return y + size * 1.35;
}

/**
 * The certificate as a one-page A4 PDF: what it certifies, its ID, and a QR
 * code that opens its page on this site, where anyone can check it. A sample
 * says so across the top; a revoked certificate says it is revoked, when and
 * why, instead of presenting itself as valid.
 */
export async function certificatePdf(certificate: StoredCertificate, settings: SiteSettings): Promise<Buffer> {
  const words = settings.ui.certificatePdf;
  const url = pageUrl(settings, certificate.certificateID);
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${certificate.courseName}: ${certificate.studentName}`, Author: settings.name },
  });
  for (const list of Object.values(fontsFor())) for (const face of list) doc.registerFont(face.name, face.file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const inner = { x: 70, width: width - 140 };
  doc
    .lineWidth(3)
    .strokeColor('#1d3fb8')
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor('#c7d2fe')
    .rect(34, 34, width - 68, height - 68)
    .stroke();

  let y = 58;
  if (certificate.sample || certificate.status === 'revoked') {
    const banner =
      certificate.status === 'revoked'
        ? words.revoked.replace('{date}', formatLongDate(certificate.revokedAt ?? '')).replace('{reason}', certificate.revocationReason ?? '')
        : words.sample;
    doc.rect(34, 34, width - 68, 40).fill(certificate.status === 'revoked' ? '#b91c1c' : '#c2410c');
    line(doc, banner, 45, { size: 14, weight: 700, color: '#ffffff', ...inner });
    y = 92;
  }
  y = line(doc, settings.name, y, { size: 18, weight: 700, color: '#1d3fb8', ...inner }) + 14;
  y = line(doc, words.title, y, { size: 30, weight: 700, ...inner }) + 18;
  y = line(doc, words.certifies, y, { size: 14, color: '#475569', ...inner }) + 4;
  y = line(doc, certificate.studentName, y, { size: 28, weight: 700, ...inner }) + 4;
  y = line(doc, words.of.replace('{college}', certificate.college).replace('{regNo}', certificate.regNo), y, { size: 12, color: '#475569', ...inner }) + 10;
  y = line(doc, words.completed, y, { size: 14, color: '#475569', ...inner }) + 4;
  y = line(doc, certificate.courseName, y, { size: 22, weight: 700, ...inner });
  y = line(doc, words.result.replace('{marks}', certificate.marks), y, { size: 14, ...inner }) + 10;
  y = line(doc, words.issued.replace('{date}', formatLongDate(certificate.issueDate)), y, { size: 12, color: '#475569', ...inner });
  if (certificate.correctedAt)
    line(doc, words.corrected.replace('{date}', formatLongDate(certificate.correctedAt)), y, { size: 11, color: '#475569', ...inner });

  const qrSize = 110;
  const qrX = width - 70 - qrSize;
  const qrY = height - 70 - qrSize;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  const left = { x: 70, width: qrX - 90 };
  doc
    .font('noto-latin-700')
    .fontSize(12)
    .fillColor('#0f172a')
    .text(words.id.replace('{id}', certificate.certificateID), left.x, qrY + 30, { width: left.width, lineBreak: false });
  doc
    .font('noto-latin-400')
    .fontSize(10)
    .fillColor('#475569')
    .text(words.scan, left.x, qrY + 52, { width: left.width, lineBreak: false });
  doc.fillColor('#1d3fb8').text(url, left.x, qrY + 68, { width: left.width, lineBreak: false, link: url });
  doc.end();
  return done;
}

/** The QR code of a certificate's page, as SVG: for the page's print view. */
export function certificateQrSvg(settings: SiteSettings, certificateId: string): Promise<string> {
  return QRCode.toString(pageUrl(settings, certificateId), { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
