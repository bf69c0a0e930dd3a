/**
 * CSV that Excel opens as it was written: UTF-8 with a byte-order mark (else
 * Excel guesses the Windows code page and names in Devanagari or with accents
 * come out garbled), CRLF between rows, every text quoted, and formula cells
 * neutralised: a text that starts with =, +, -, @, a tab or a carriage return
 * would be run as a formula by a spreadsheet (CSV injection), so it gets a
 * leading apostrophe and is shown as the text it is.
 */

// Apostrophes already in front are counted in, so a text that truly starts with '= gets one more and reads back exactly.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ADDED_APOSTROPHE = /^'(?='*[=+\-@\t\r])/;
export const BYTE_ORDER_MARK = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** What neutraliseFormula wrote, read back: for files we export and import again (certificates). */
export function restoreNeutralised(text: string): string {
  return text.replace(ADDED_APOSTROPHE, '');
}

/** One cell: numbers as they are, texts neutralised and quoted (doubling any quote inside), nothing as an empty cell. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

/** A whole file: the header row, then one row per record, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}
