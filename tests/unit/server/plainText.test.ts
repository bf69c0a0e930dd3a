import { describe, expect, it } from 'vitest';
import { type ApiRouteName, apiRoutes } from '../../../engine/shared/apiRoutes.ts';
import { firstRefused, PLAIN_LINE_PATTERN, PLAIN_LINES_PATTERN, shownAsData } from '../../../engine/shared/plainText.ts';
import type { SchemaNode } from '../../../engine/shared/schemaStore.ts';
import { apiSchemaStore } from '../../../server/http/schemas.ts';

/**
 * Every text a request may carry refuses the characters that are not seen or that change how text reads (issue 33,
 * item 8): found by walking the catalogue, not by listing fields, so a route or a field added tomorrow is held to it
 * too. Each route's body (or query) is built from its schema's examples, then each text in it is given each refused
 * character in turn, and the server's own schemas must refuse it at that field.
 */
const store = apiSchemaStore();

const REFUSED = {
  NUL: '\u0000',
  BEL: '\u0007',
  ESC: '\u001b',
  DEL: '\u007f',
  'NEXT LINE (C1)': '\u0085',
  'RIGHT-TO-LEFT OVERRIDE': '\u202e',
  'LEFT-TO-RIGHT EMBEDDING': '\u202a',
  'FIRST STRONG ISOLATE': '\u2068',
  'RIGHT-TO-LEFT MARK': '\u200f',
  'ARABIC LETTER MARK': '\u061c',
  'LINE SEPARATOR': '\u2028',
  'ZERO WIDTH NO-BREAK SPACE (BOM)': '\ufeff',
};
const LINE_BREAKS = { 'LINE FEED': '\n', TAB: '\t' };

/**
 * Texts that take several lines: a message, a note for the team, a message to a student, and an application's
 * answers (which answer is a paragraph is its form's business: the server refuses a line break in a one-line answer).
 */
const MULTI_LINE = new Set(['contact /message', 'staffEnquiryUpdate /note', 'staffApplicationsUpdate /note', 'staffApplicationsUpdate /toStudent']);
const multiLine = (field: string) => MULTI_LINE.has(field) || field.startsWith('apply /answers/');

/**
 * Texts that are not held to the rule, and why. Each is either never stored or checked elsewhere, field by field.
 */
const EXEMPT: Record<string, string> = {
  // A lookup, never stored: any shape is answered "not found", never a format error (tests/api/verify.test.ts).
  'verifyCertificates /certificateIDs/0': 'lookup',
  'certificatePdf /id': 'lookup',
  'certificateCredential /id': 'lookup',
  'certificateStatus /id': 'lookup',
  'certificateQr /id': 'lookup',
  'staffCertificateHistory /id': 'lookup',
  'staffCertificateRevoke /id': 'lookup',
  'staffCertificateReinstate /id': 'lookup',
  // A whole file: its reader checks every field of every row with the same rule and names the line
  // (readCertificateFile; tests/api/staffSecurity.test.ts), and takes off a leading byte-order mark.
  'staffCertificateImport /text': 'file',
  // The bank's statement, never stored: its reader keeps four facts of each row, and the preview shows its narration as data.
  'staffStatement /text': 'file',
};

function resolved(rel: string, node: SchemaNode): { rel: string; node: SchemaNode } {
  const ref = node['$ref'];
  if (typeof ref !== 'string') return { rel, node };
  const target = store.resolveRef(rel, ref);
  if (!target) throw new Error(`${rel}: ${ref} does not resolve`);
  return resolved(target.rel, { ...target.node, ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) });
}

/** A value its schema takes: the property's own example, else one built from its parts. */
function exampleOf(rel: string, raw: SchemaNode): unknown {
  const { rel: at, node } = resolved(rel, raw);
  const examples = node['examples'] as unknown[] | undefined;
  if (examples?.length) return structuredClone(examples[0]);
  const properties = node['properties'] as Record<string, SchemaNode> | undefined;
  if (properties) return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, exampleOf(at, property)]));
  throw new Error(`${rel}: no example to build a request from`);
}

/** Every text in a value, by its JSON pointer. */
function textsIn(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => textsIn(item, `${at}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textsIn(item, `${at}/${key}`));
  return [];
}

function withText(value: unknown, pointer: string, change: (text: string) => string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const parts = pointer.split('/').slice(1);
  let node = copy as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = parts.at(-1)!;
  node[last] = change(node[last] as string);
  return copy;
}

/** The text with a character in its middle (a text made by the site, such as a key, may be all one run). */
const inserted = (text: string, character: string) => `${text.slice(0, Math.ceil(text.length / 2))}${character}${text.slice(Math.ceil(text.length / 2))}`;

const routes = (Object.keys(apiRoutes) as ApiRouteName[]).flatMap((name) => {
  const route = apiRoutes[name] as { body?: string; querystring?: string };
  const rel = route.body ?? route.querystring;
  return rel ? [{ name, rel }] : [];
});

describe('every text a request may carry', () => {
  it('is found: the walk reaches every route that takes a body or a query, and the texts of a certificate', () => {
    expect(routes.length).toBeGreaterThan(30);
    const fields = routes.flatMap(({ name, rel }) => textsIn(exampleOf(rel, store.files.get(rel)!)).map((p) => `${name} ${p}`));
    for (const field of ['staffCertificateImport /fileName', 'staffCertificateIssue /certificate/studentName', 'staffCertificateIssue /certificate/skills/0'])
      expect(fields).toContain(field);
    for (const field of Object.keys(EXEMPT)) expect(fields, `${field} is exempt but no longer there`).toContain(field);
  });

  it.each(routes)('$name: its example is taken, and every text refuses each character that is not seen or changes how text reads', ({ name, rel }) => {
    const example = exampleOf(rel, store.files.get(rel)!);
    expect(store.validate(rel, example).errors, `${rel}: its example`).toEqual([]);
    for (const pointer of textsIn(example)) {
      const field = `${name} ${pointer}`;
      if (EXEMPT[field]) continue;
      const manyLines = multiLine(field);
      for (const [what, character] of Object.entries(REFUSED)) {
        const { errors } = store.validate(
          rel,
          withText(example, pointer, (text) => inserted(text, character)),
        );
        expect(
          errors.map((e) => e.instancePath),
          `${field} takes ${what}`,
        ).toContain(pointer);
      }
      for (const [what, character] of Object.entries(LINE_BREAKS)) {
        const { errors } = store.validate(
          rel,
          withText(example, pointer, (text) => inserted(text, character)),
        );
        if (manyLines) expect(errors, `${field} refuses a ${what}`).toEqual([]);
        else
          expect(
            errors.map((e) => e.instancePath),
            `${field} takes a ${what}`,
          ).toContain(pointer);
      }
    }
  });

  it('keeps the zero-width joiner and non-joiner that Devanagari needs, and every script', () => {
    const line = new RegExp(PLAIN_LINE_PATTERN, 'u');
    // क्‍ष with a joiner (half form), र्‌ with a non-joiner; Tamil, Bengali, Urdu, Chinese, accents and an emoji with its joiners.
    for (const text of ['अर्जुन क्\u200dषत्रिय', 'र्\u200cक', 'முருகன்', 'সৌমিত্র', 'عائشہ خان', '王小明', 'Zoë Ørsted', '👩\u200d💻 Priya'])
      expect(line.test(text), text).toBe(true);
    expect(new RegExp(PLAIN_LINES_PATTERN, 'u').test('Line one\r\nline two\tand a tab')).toBe(true);
  });

  it('names the first refused character and its place', () => {
    expect(firstRefused('Asha\u202eKumari')).toEqual({ character: 'U+202E', position: 5 });
    expect(firstRefused('two\nlines')).toEqual({ character: 'U+000A', position: 4 });
    expect(firstRefused('two\nlines', true)).toBeUndefined();
    expect(firstRefused('a\u0000', true)).toEqual({ character: 'U+0000', position: 2 });
    expect(firstRefused('अर्जुन क्\u200dषत्रिय')).toBeUndefined();
  });
});

describe('text shown as data', () => {
  it('is one line whatever it holds, with each refused character written as its escape', () => {
    const forged = 'import.csv\n2026-01-01T00:00:00Z,owner@example.com,removed audit entries\r\u202eexe.jpg\u0000';
    const shown = shownAsData(forged);
    expect(shown).toBe('import.csv\\u000a2026-01-01T00:00:00Z,owner@example.com,removed audit entries\\u000d\\u202eexe.jpg\\u0000');
    expect(firstRefused(shown)).toBeUndefined();
    expect(shownAsData('अर्जुन क्\u200dषत्रिय')).toBe('अर्जुन क्\u200dषत्रिय');
  });
});

/** PostgreSQL's integer: a number past it answered 500 there (SQLite took it), found twice by the fuzz. */
const LARGEST_INTEGER = 2 ** 31 - 1;

/** Every integer a schema allows, by where it sits, following $refs (each file once). */
function integersIn(rel: string, node: SchemaNode, at: string, seen = new Set<string>()): { at: string; maximum: unknown }[] {
  if (typeof node['$ref'] === 'string') {
    const target = store.resolveRef(rel, node['$ref']);
    const key = `${target?.rel}${node['$ref']}`;
    if (!target || seen.has(key)) return [];
    seen.add(key);
    return integersIn(target.rel, { ...target.node, ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) }, at, seen);
  }
  const found = node['type'] === 'integer' ? [{ at, maximum: node['maximum'] }] : [];
  const children = Object.entries((node['properties'] as Record<string, SchemaNode> | undefined) ?? {}).map(([k, v]) => [`${at}/${k}`, v] as const);
  if (node['items'] && typeof node['items'] === 'object') children.push([`${at}/*`, node['items'] as SchemaNode]);
  return [...found, ...children.flatMap(([where, child]) => integersIn(rel, child, where, seen))];
}

describe('every integer a request may carry', () => {
  it.each(routes)('$name: has a maximum PostgreSQL can hold', ({ name, rel }) => {
    for (const { at, maximum } of integersIn(rel, store.files.get(rel)!, ''))
      expect(typeof maximum === 'number' && maximum <= LARGEST_INTEGER, `${name} ${at || '/'}: maximum ${String(maximum)}`).toBe(true);
  });
});
