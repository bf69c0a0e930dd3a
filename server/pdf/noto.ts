import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/** The documents the server prints (certificates, receipts) draw their text in Noto Sans, whatever the script. */
const require = createRequire(import.meta.url);
const fontFiles = path.join(path.dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');

/**
 * Noto Sans comes in subsets by script; a name may mix them (a Latin name with
 * an accent, a Devanagari name). Each piece of text is drawn with the first
 * subset that has its characters.
 */
const SUBSETS = ['latin', 'latin-ext', 'devanagari', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
export type Weight = 400 | 700;

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
export function runs(text: string, weight: Weight): { font: string; text: string }[] {
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

export type Doc = PDFKit.PDFDocument;

/** One line of text, centred (or from the left), shrunk until it fits the width. */
export function line(
  doc: Doc,
  text: string,
  y: number,
  options: { size: number; weight?: Weight; color?: string; width: number; x: number; align?: 'center' | 'left' },
): number {
  const weight = options.weight ?? 400;
  const pieces = runs(text, weight);
  let size = options.size;
  const widthAt = (s: number) => pieces.reduce((sum, p) => sum + doc.font(p.font).fontSize(s).widthOfString(p.text), 0);
  while (size > 8 && widthAt(size) > options.width) size -= 1;
  const total = widthAt(size);
  let x = options.align === 'left' ? options.x : options.x + (options.width - total) / 2;
  doc.fillColor(options.color ?? '#0f172a');
  for (const piece of pieces) {
    doc.font(piece.font).fontSize(size).text(piece.text, x, y, { lineBreak: false });
    x += doc.widthOfString(piece.text);
  }
  return y + size * 1.35;
}

/** Makes every subset's face known to a document, by the names runs() gives. */
export function registerNotoFonts(doc: Doc): void {
  for (const list of Object.values(fontsFor())) for (const face of list) doc.registerFont(face.name, face.file);
}
