import path from 'node:path';
import type { ErrorObject } from 'ajv';
import { parse as parseCsv } from 'csv-parse/sync';
import { type Node, parseTree } from 'jsonc-parser';
import { readSheet } from 'read-excel-file/node';
import { type CertificateColumn, columnOf, indianDate, titleOf } from '../../../engine/shared/certificateColumns.ts';
import { certificateLookupKey } from '../../../engine/shared/certificateId.ts';
import { didYouMean } from '../../../engine/shared/didYouMean.ts';
import { firstRefused, PLAIN_LINE_PATTERN, shownAsData } from '../../../engine/shared/plainText.ts';
import { lineStartsOf, positionAt } from '../../../engine/shared/textPosition.ts';
import type { CertificateRecord } from '../../../engine/types.ts';
import { toCsv as csvFile, restoreNeutralised } from '../../csv.ts';
import { apiSchemaStore } from '../../http/schemas.ts';
import { jsonPastBounds } from '../../jsonBounds.ts';
import type { ProgrammeCatalogue } from './programmes.ts';

export const CERTIFICATE_FIELDS = ['certificateID', 'studentName', 'regNo', 'college', 'courseName', 'marks', 'issueDate'] as const;
/**
 * Columns a file may add about the programme: its kind, the programme in data/
 * it was for, its dates and length, and a description and skills of its own
 * (skills in one CSV cell, separated by semicolons). A row that leaves one out
 * leaves it empty, as export writes it.
 */
export const PROGRAMME_FIELDS = ['kind', 'programme', 'startDate', 'endDate', 'durationWeeks', 'description', 'skills'] as const;
/** Columns a file may add: a row may set its certificate's status (revoked needs the reason). */
export const STATUS_FIELDS = ['status', 'revocationReason'] as const;
const OPTIONAL_FIELDS: readonly string[] = [...PROGRAMME_FIELDS, ...STATUS_FIELDS];
const ALL_FIELDS: readonly string[] = [...CERTIFICATE_FIELDS, ...OPTIONAL_FIELDS];

/**
 * What one file may hold, found by a quick pass over its text before any parser reads it (csvBoundsProblem, jsonBoundsProblem), so that
 * no file can make the parsers, the checks or the answer grow past what certificates need: a header of two million
 * commas took 9 s and answered 4 MB, and a JSON list nested a million deep overflowed the parser's stack.
 */
export const FILE_BOUNDS = {
  /** Characters of one CSV cell or JSON text: the longest field, skills, is 12 of 80 characters with their separators. */
  cellChars: 2_000,
  /** Cells of one CSV row: the 16 fields, and room to name a few that are not fields. */
  columns: 32,
  /** Lists and groups inside one another in JSON: {"certificates": [{…, "skills": […]}]} is 4 deep. */
  depth: 8,
} as const;
/** Certificates a file may hold in the console, whose 2 MB holds some 15,000. */
export const CONSOLE_ROWS = 20_000;
/** Certificates a file may hold on the command line (about 150 MB at a million), and its size. */
export const COMMAND_LINE_ROWS = 1_000_000;
export const COMMAND_LINE_BYTES = 256 * 1024 * 1024;

export interface RowProblem {
  line: number;
  message: string;
}

export interface ReadResult {
  certificates: CertificateRecord[];
  problems: RowProblem[];
  /** The file passes a bound of FILE_BOUNDS (or the rows allowed): the one problem, found before it was parsed. */
  outOfBounds?: RowProblem;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const count = (n: number) => n.toLocaleString('en-US');
const tooManyRows = (line: number, maxRows: number): RowProblem => ({
  line,
  message: `the file holds more than ${count(maxRows)} certificates: import it in parts of at most ${count(maxRows)}`,
});
const tooLong = (line: number, what: string): RowProblem => ({
  line,
  message: `${what} is longer than ${count(FILE_BOUNDS.cellChars)} characters, which no certificate field is`,
});

/** CSV as csv-parse reads it (quotes around a cell, "" inside one): the first cell, row or record count past its bound. */
function csvBoundsProblem(text: string, maxRows: number): RowProblem | undefined {
  let line = 1;
  /** Where the record being read starts: a quoted cell may hold line breaks. */
  let recordLine = 1;
  let records = 0;
  let cells = 1;
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let cellStart = start;
  let quoted = false;
  let empty = true;
  // A cell ends at a comma, a line's end or the file's; the header is a record and counts as none of the rows.
  const endCell = (at: number) => (at - cellStart > FILE_BOUNDS.cellChars ? tooLong(recordLine, 'a cell') : undefined);
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) i++;
        else quoted = false;
      } else if (c === LF) line++;
      continue;
    }
    if (c === QUOTE && i === cellStart) {
      quoted = true;
      empty = false;
    } else if (c === COMMA) {
      const problem = endCell(i);
      if (problem) return problem;
      if (++cells > FILE_BOUNDS.columns)
        return { line: recordLine, message: `a row has more than ${FILE_BOUNDS.columns} cells, where a certificate has ${ALL_FIELDS.length} fields at most` };
      cellStart = i + 1;
      empty = false;
    } else if (c === LF) {
      const problem = endCell(i);
      if (problem) return problem;
      if (!empty && ++records > maxRows + 1) return tooManyRows(recordLine, maxRows);
      line++;
      recordLine = line;
      cells = 1;
      cellStart = i + 1;
      empty = true;
    } else if (c !== CR) empty = false;
  }
  return endCell(text.length) ?? (!empty && records + 1 > maxRows + 1 ? tooManyRows(recordLine, maxRows) : undefined);
}

/** JSON: the first text too long, or list or group nested too deep, before a parser that recurses reads it. */
function jsonBoundsProblem(text: string): RowProblem | undefined {
  const past = jsonPastBounds(text, { depth: FILE_BOUNDS.depth, textChars: FILE_BOUNDS.cellChars });
  if (!past) return undefined;
  const { line } = positionAt({ lineStarts: lineStartsOf(text) }, past.offset);
  return past.what === 'text'
    ? tooLong(line, 'a text')
    : {
        line,
        message: `lists and groups are nested more than ${FILE_BOUNDS.depth} deep, where a certificate file needs 4 ({"certificates": [{…, "skills": […]}]})`,
      };
}

interface RawRow {
  line: number;
  value: unknown;
}

function describeRowErrors(errors: readonly ErrorObject[], value: Record<string, unknown>, label: (field: string) => string = (f) => f): string[] {
  return errors.map((error) => {
    // A problem inside the skills list is the list's: "skills/2" is reported as skills.
    const key =
      error.instancePath.slice(1).split('/')[0] ||
      String((error.params as Record<string, unknown>)['missingProperty'] ?? (error.params as Record<string, unknown>)['additionalProperty'] ?? 'row');
    // Named as the file names it: its column's title in a spreadsheet ("Issue Date"), its key in JSON.
    const fieldName = label(key);
    const got = value[key];
    const shown = typeof got === 'string' ? JSON.stringify(got.length > 40 ? `${got.slice(0, 39)}…` : got) : String(got);
    const refused = typeof got === 'string' ? firstRefused(got) : undefined;
    switch (error.keyword) {
      case 'required':
        return `${fieldName} is missing`;
      case 'additionalProperties':
        return `${JSON.stringify(fieldName.length > 40 ? `${fieldName.slice(0, 39)}…` : fieldName)} is not a certificate field (the fields are ${ALL_FIELDS.join(', ')})`;
      case 'format':
        return `${fieldName} must be a date such as 27/11/2026 (day/month/year) or 2026-11-27; got ${shown}`;
      case 'pattern':
        // The rule of every text from outside (engine/shared/plainText.ts), through the schema's line.
        if ((error.params as Record<string, unknown>)['pattern'] === PLAIN_LINE_PATTERN && refused)
          return `${fieldName} holds ${refused.character} at character ${refused.position}, a control character or one that changes how text reads: remove it`;
        return typeof got === 'string' && got.trim() === ''
          ? `${fieldName} is empty`
          : key === 'certificateID'
            ? `${fieldName} ${shown} has spaces at an end or control characters`
            : `${fieldName} is not valid: ${shown}`;
      case 'enum':
        return `${fieldName} must be ${key === 'kind' ? 'internship or course' : 'valid or revoked'}; got ${shown}`;
      case 'minLength':
        return `${fieldName} is empty`;
      case 'maxLength':
        return `${fieldName} is too long (at most ${String((error.params as Record<string, unknown>)['limit'])} characters)`;
      case 'minimum':
      case 'maximum':
        return `${fieldName} must be a whole number of weeks from 1 to 104; got ${shown}`;
      case 'maxItems':
        return `${fieldName} lists too many (at most ${String((error.params as Record<string, unknown>)['limit'])})`;
      case 'type':
        return key === 'durationWeeks'
          ? `${fieldName} must be a whole number of weeks, such as 8; got ${shown}`
          : key === 'skills'
            ? `${fieldName} must be a list of texts; got ${shown}`
            : `${fieldName} must be text; got ${shown}`;
      default:
        return `${fieldName}: ${error.message ?? 'not valid'}`;
    }
  });
}

/**
 * Trimmed text, and the ID in capitals, before the schema check: spaces and
 * case are not mistakes worth refusing a file for. A CSV cell's length in
 * weeks is read as a number, and its skills as the list its semicolons
 * separate.
 */
function normalise(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const text = typeof field === 'string' ? field.trim() : field;
    // An empty optional column is nothing said (for status: the certificate stays as it is, valid when new).
    if (OPTIONAL_FIELDS.includes(key) && (text === '' || text === null || text === undefined)) continue;
    if (key === 'durationWeeks' && typeof text === 'string' && /^[0-9]+$/.test(text)) out[key] = Number(text);
    // Dates as Excel writes them in India (27/11/2026, 27-11-2026, its serial 46353) are read without asking.
    else if ((key === 'issueDate' || key === 'startDate' || key === 'endDate') && typeof text === 'string' && indianDate(text)) out[key] = indianDate(text);
    else if (key === 'skills' && typeof text === 'string')
      out[key] = text
        .split(';')
        .map((skill) => skill.trim())
        .filter(Boolean);
    else if (key === 'skills' && Array.isArray(text)) out[key] = text.map((skill) => (typeof skill === 'string' ? skill.trim() : skill));
    else out[key] = text;
  }
  if (typeof out['certificateID'] === 'string') out['certificateID'] = out['certificateID'].toUpperCase();
  return out;
}

/** What the schema cannot say about a row's programme: dates in order and both or neither, and a programme that data/ has, of the row's kind. */
function programmeProblem(certificate: CertificateRecord, programmes: ProgrammeCatalogue | undefined): string | undefined {
  if (Boolean(certificate.startDate) !== Boolean(certificate.endDate))
    return `${certificate.startDate ? 'endDate' : 'startDate'} is missing: give both the start and the end date, or neither`;
  if (certificate.startDate && certificate.endDate && certificate.endDate < certificate.startDate)
    return `endDate ${certificate.endDate} is before startDate ${certificate.startDate}`;
  if (!certificate.programme || !programmes) return undefined;
  const programme = programmes.get(certificate.programme);
  if (!programme) {
    // Courses and internship programs differ by the case of their first letter (WebDevelopment, webDevelopment): one that starts as typed first.
    const near =
      didYouMean(
        certificate.programme,
        programmes.ids().filter((id) => id[0] === certificate.programme![0]),
      ) ?? didYouMean(certificate.programme, programmes.ids());
    return `programme ${JSON.stringify(certificate.programme)} is neither a course in data/courseDetails nor an internship program in data/internshipPrograms${near ? `; did you mean ${near}?` : ''}`;
  }
  if (certificate.kind && certificate.kind !== programme.kind)
    return `programme ${certificate.programme} is ${programme.kind === 'course' ? 'a course' : 'an internship'}, but kind says ${certificate.kind}`;
  return undefined;
}

/** The rows of a CSV file, their columns found by title (engine/shared/certificateColumns.ts) or key; and each field's title as the file writes it. */
function readCsv(text: string): { rows: RawRow[]; problems: RowProblem[]; titles: Map<string, string> } {
  const problems: RowProblem[] = [];
  const titles = new Map<string, string>();
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      columns: (header: string[]) =>
        header.map((written) => {
          const field = columnOf(written.trim());
          if (field) titles.set(field, written.trim());
          return field ?? written.trim();
        }),
      skip_empty_lines: true,
      bom: true,
      info: true,
      relax_quotes: false,
    }) as typeof records;
  } catch (error) {
    const e = error as { lines?: number; message: string };
    return { rows: [], problems: [{ line: e.lines ?? 1, message: `the file is not valid CSV: ${e.message}` }], titles };
  }
  const header = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
  const found = new Set(header.map((h) => columnOf(h)).filter(Boolean));
  const missing = CERTIFICATE_FIELDS.filter((f) => !found.has(f));
  const unknown = header.filter((h) => !columnOf(h)).map((h) => (h.length > 40 ? `${h.slice(0, 39)}…` : h));
  if (missing.length || unknown.length) {
    const named = (fields: readonly string[]) => fields.map((f) => titleOf(f as CertificateColumn)).join(', ');
    problems.push({
      line: 1,
      message: `the first row must give the column titles ${named(CERTIFICATE_FIELDS)} (the template has them; ${named(OPTIONAL_FIELDS)} may be added)${missing.length ? `; missing: ${named(missing)}` : ''}${unknown.length ? `; not known: ${unknown.map((u) => JSON.stringify(u)).join(', ')}` : ''}`,
    });
    return { rows: [], problems, titles };
  }
  // A text our export neutralised ('=…) is read back as it was.
  const restored = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, restoreNeutralised(v)]));
  return { rows: records.map(({ record, info }) => ({ line: info.lines, value: restored(record) })), problems, titles };
}

function readJson(text: string, maxRows: number): { rows: RawRow[]; problems: RowProblem[] } {
  const errors: { offset: number }[] = [];
  const tree = parseTree(text, errors as never, { disallowComments: true, allowTrailingComma: false });
  const lines = { lineStarts: lineStartsOf(text) };
  if (!tree || errors.length) return { rows: [], problems: [{ line: positionAt(lines, errors[0]?.offset ?? 0).line, message: 'the file is not valid JSON' }] };
  let list: Node | undefined = tree;
  if (tree.type === 'object') list = tree.children?.find((p) => p.children?.[0]?.value === 'certificates')?.children?.[1];
  if (list?.type !== 'array') return { rows: [], problems: [{ line: 1, message: 'the file must hold a list of certificates, or {"certificates": [...]}' }] };
  const past = list.children?.[maxRows];
  if (past) return { rows: [], problems: [tooManyRows(positionAt(lines, past.offset).line, maxRows)] };
  const value = (node: Node): unknown => {
    if (node.type === 'object')
      return Object.fromEntries((node.children ?? []).map((p) => [p.children?.[0]?.value, p.children?.[1] ? value(p.children[1]) : undefined]));
    if (node.type === 'array') return (node.children ?? []).map(value);
    return node.value;
  };
  return { rows: (list.children ?? []).map((node) => ({ line: positionAt(lines, node.offset).line, value: value(node) })), problems: [] };
}

/**
 * Reads and checks a certificate file; any problem, on any row, means nothing will be written. New IDs must
 * match `idPattern` (a setting); two IDs a visitor's typing could not tell apart (IC25/1 and IC25-1) are refused;
 * a programme must be one of `programmes` (data/'s courses and internship programs) when they are given. A file
 * past FILE_BOUNDS, or holding more than `maxRows` certificates, is not parsed (`outOfBounds` says where).
 */
export function readCertificateFile(
  file: string,
  text: string,
  idPattern: string,
  programmes?: ProgrammeCatalogue,
  { maxRows = CONSOLE_ROWS }: { maxRows?: number } = {},
): ReadResult {
  const pattern = new RegExp(idPattern);
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.csv' && extension !== '.json')
    return { certificates: [], problems: [{ line: 1, message: 'the file must end in .csv, .xlsx (an Excel workbook) or .json' }] };
  // A leading byte-order mark says how the file is encoded (Excel writes one): not part of its text. Anywhere else,
  // U+FEFF is refused in a field like any invisible character.
  const body = text.replace(/^\uFEFF/, '');
  const outOfBounds = extension === '.csv' ? csvBoundsProblem(body, maxRows) : jsonBoundsProblem(body);
  if (outOfBounds) return { certificates: [], problems: [outOfBounds], outOfBounds };
  const { rows, problems, titles } = extension === '.csv' ? readCsv(body) : { ...readJson(body, maxRows), titles: new Map<string, string>() };
  const label = (field: string) => titles.get(field) ?? field;
  const store = apiSchemaStore();
  const certificates: CertificateRecord[] = [];
  const seen = new Map<string, { line: number; id: string }>();
  for (const row of rows) {
    const value = normalise(row.value);
    const { errors } = store.validate('entities/certificateRecord.schema.json', value);
    if (errors.length) {
      const messages =
        typeof value === 'object' && value !== null
          ? describeRowErrors(errors, value as Record<string, unknown>, label)
          : ['this entry is not a certificate (a group of fields)'];
      // A row of many unknown keys has as many errors: the first few say enough.
      const distinct = [...new Set(messages)];
      problems.push({ line: row.line, message: `${distinct.slice(0, 5).join('; ')}${distinct.length > 5 ? `; and ${distinct.length - 5} more` : ''}` });
      continue;
    }
    const certificate = value as CertificateRecord;
    if (certificate.status === 'revoked' && !certificate.revocationReason) {
      problems.push({ line: row.line, message: 'revocationReason is missing: a revoked certificate needs the reason verifiers will read' });
      continue;
    }
    const aboutProgramme = programmeProblem(certificate, programmes);
    if (aboutProgramme) {
      problems.push({ line: row.line, message: aboutProgramme });
      continue;
    }
    if (!pattern.test(certificate.certificateID)) {
      problems.push({
        line: row.line,
        message: `certificateID ${JSON.stringify(certificate.certificateID)} does not match the ID pattern ${idPattern} (the CERTIFICATE_ID_PATTERN setting)`,
      });
      continue;
    }
    const key = certificateLookupKey(certificate.certificateID) ?? certificate.certificateID;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.push({
        line: row.line,
        message: `certificateID ${certificate.certificateID} is already on line ${earlier.line}${earlier.id === certificate.certificateID ? '' : ` as ${earlier.id}, which a visitor's typing could not tell from it`}`,
      });
    else seen.set(key, { line: row.line, id: certificate.certificateID });
    certificates.push(certificate);
  }
  if (rows.length === 0 && problems.length === 0) problems.push({ line: 1, message: 'the file holds no certificates' });
  // A value or a column name quoted back is shown as data: it never carries a line break or a direction override into a message.
  return { certificates, problems: problems.map((p) => ({ ...p, message: shownAsData(p.message) })) };
}

/** CSV that Excel opens as written (see server/csv.ts), and that import reads back the same. */
export function toCsv(certificates: readonly CertificateRecord[]): string {
  const columns = [...CERTIFICATE_FIELDS, ...PROGRAMME_FIELDS, ...STATUS_FIELDS];
  return csvFile(
    columns,
    certificates.map((c) => columns.map((f) => (f === 'skills' ? c.skills?.join('; ') : c[f]))),
  );
}

/**
 * An Excel workbook's first sheet (its bytes in base64, as the console sends them) as the CSV the import reads, row
 * for line, so a problem's line is the spreadsheet's row number. A cell Excel keeps as a date is its day
 * (YYYY-MM-DD); numbers as written. Undefined when the bytes are not a workbook.
 */
export async function xlsxAsCsv(base64: string): Promise<string | undefined> {
  let rows: unknown[][];
  try {
    rows = (await readSheet(Buffer.from(base64, 'base64'))) as unknown[][];
  } catch {
    return undefined;
  }
  const cell = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value === null || value === undefined ? '' : String(value));
  const [header = [], ...body] = rows.map((row) => row.map(cell).map((text) => text.replace(/\r?\n/g, ' ')));
  return csvFile(header, body);
}
