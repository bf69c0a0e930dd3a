/**
 * What text from outside may hold, wherever the site stores it (names, messages, notes, file names, certificate
 * fields, invitations): printable text of any script, and none of the characters that are not seen or that change
 * how the text around them reads. `npm run codegen` writes these rules into schemas/api/text.schema.json, whose
 * `line` and `lines` every request schema's texts and the certificate's fields use (the certificate file reader of
 * the console and the command line checks each row with them); the audit log shows anything it holds as data
 * (shownAsData).
 *
 * Refused: the C0 and C1 controls and DEL (PostgreSQL cannot store NUL; ESC and BEL drive terminals; a line break
 * makes a new line in a log or an export); the bidirectional marks, embeddings, overrides and isolates (U+061C,
 * U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: U+202E makes "gpj.exe" read "exe.jpg"); the line and paragraph
 * separators (U+2028, U+2029); and U+FEFF (a byte-order mark inside text: a file's leading one is taken off by its
 * reader). Kept: the zero-width non-joiner and joiner (U+200C, U+200D), which Devanagari and other Indic scripts need
 * to write half forms and conjuncts as intended.
 */

type Range = readonly [number, number];

const BIDI_AND_SEPARATORS: readonly Range[] = [
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];

/** What one line of text (a name, an address, a file name, a certificate's field) may not hold. */
const REFUSED_IN_A_LINE: readonly Range[] = [[0x00, 0x1f], [0x7f, 0x9f], ...BIDI_AND_SEPARATORS];

/** What text of several lines (a message, a note) may not hold: the same, but for tab, line feed and carriage return. */
const REFUSED_IN_LINES: readonly Range[] = [[0x00, 0x08], [0x0b, 0x0c], [0x0e, 0x1f], [0x7f, 0x9f], ...BIDI_AND_SEPARATORS];

const escaped = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const characterClass = (ranges: readonly Range[]) => ranges.map(([from, to]) => (from === to ? escaped(from) : `${escaped(from)}-${escaped(to)}`)).join('');

/** The JSON Schema pattern of one line of text (schemas/api/text.schema.json#/$defs/line). */
export const PLAIN_LINE_PATTERN = `^[^${characterClass(REFUSED_IN_A_LINE)}]*$`;
/** The JSON Schema pattern of text that may run over several lines (schemas/api/text.schema.json#/$defs/lines). */
export const PLAIN_LINES_PATTERN = `^[^${characterClass(REFUSED_IN_LINES)}]*$`;

const refusedInALine = new RegExp(`[${characterClass(REFUSED_IN_A_LINE)}]`, 'u');
const refusedInLines = new RegExp(`[${characterClass(REFUSED_IN_LINES)}]`, 'u');
const everyRefused = new RegExp(`[${characterClass(REFUSED_IN_A_LINE)}]`, 'gu');

/** "U+202E": how a character is named in a message. */
export function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first character the text may not hold (one line, or several with `lines`), named as U+XXXX, with its place from 1; undefined when it is plain. */
export function firstRefused(text: string, lines = false): { character: string; position: number } | undefined {
  const match = (lines ? refusedInLines : refusedInALine).exec(text);
  if (!match) return undefined;
  return { character: codePointName(match[0]), position: match.index + 1 };
}

/**
 * Text shown as the data it is, on one line: every character a line may not hold (line breaks and tabs among them)
 * written as its escape, \u000a, so nothing stored can start a line of its own, pose as another entry, or turn the
 * text around it (the audit log's page and its CSV).
 */
export function shownAsData(text: string): string {
  return text.replace(everyRefused, (character) => escaped(character.charCodeAt(0)));
}
