import { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { shownAsData } from '../../../engine/shared/plainText.ts';
import type { StatementMapping, StatementRow } from '../../../engine/types.ts';

/** A bank statement is a month or two of an institute's account: a few thousand rows at most. */
export const STATEMENT_MAX_ROWS = 5000;
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;

export class StatementError extends Error {}

/** Each fact the statement must give, and the column titles banks use for it (SBI, HDFC, ICICI, Axis, Kotak exports). */
const TITLES: Record<keyof Required<StatementMapping>, RegExp> = {
  date: /^(txn |transaction |value )?date$|^date\b/i,
  narration: /narration|description|particulars|remarks|details/i,
  reference: /ref|utr|cheque|chq/i,
  credit: /^(credit|deposit|cr)( amount)?(\s*\(.*\))?$|deposit amt|credit amt/i,
};

/** A cell as text: dates as the day they name (YYYY-MM-DD), numbers as written. */
function cellText(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value === null || value === undefined) return '';
  return String(value).trim();
}

/** The rows of a CSV or a spreadsheet (.xlsx), as text, at most STATEMENT_MAX_ROWS after a header. */
export async function statementRows(fileName: string, text: string | undefined, base64: string | undefined): Promise<string[][]> {
  const lower = fileName.toLowerCase();
  let rows: unknown[][];
  if (lower.endsWith('.xlsx')) {
    if (!base64) throw new StatementError('a spreadsheet arrives as its bytes; choose the file again');
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > STATEMENT_MAX_BYTES) throw new StatementError('the file is over 2 MB; export a shorter period');
    try {
      rows = (await readSheet(bytes)) as unknown[][];
    } catch {
      throw new StatementError('it is not a spreadsheet this site reads (save it as .xlsx or .csv)');
    }
  } else if (lower.endsWith('.csv')) {
    if (text === undefined) throw new StatementError('the file has no text');
    if (Buffer.byteLength(text) > STATEMENT_MAX_BYTES) throw new StatementError('the file is over 2 MB; export a shorter period');
    try {
      // Empty lines kept (as rows of one empty cell, which hold no credit), so each row's number is its row in the file.
      rows = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, bom: true }) as string[][];
    } catch (error) {
      throw new StatementError(`it is not a CSV file (${(error as Error).message.split('\n')[0]})`);
    }
  } else {
    throw new StatementError('the file must end in .csv or .xlsx');
  }
  if (rows.length > STATEMENT_MAX_ROWS + 30) throw new StatementError(`it has more than ${STATEMENT_MAX_ROWS} rows; export a shorter period`);
  return rows.map((row) => row.map(cellText));
}

/** How long and how much memory one statement may take to read: a month's export reads in well under a second. */
const READ_MS = 10_000;
const READ_MEMORY_MB = 256;

/** A bank's line is a date, a narration, references and amounts: far under this. A longer one is not a statement. */
const LINE_MAX_CHARACTERS = 2000;

/**
 * Whether a CSV is shaped as a statement before it is parsed: at most the rows allowed, none longer than a bank
 * writes. A linear scan, so a 2 MB line of commas is refused at once instead of being split into a million cells.
 */
function csvOutOfBounds(text: string): string | undefined {
  let lines = 0;
  for (let start = 0; start < text.length; lines++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > LINE_MAX_CHARACTERS) return `line ${lines + 1} is longer than ${LINE_MAX_CHARACTERS} characters; it is not a bank statement`;
    if (lines > STATEMENT_MAX_ROWS + 30) return `it has more than ${STATEMENT_MAX_ROWS} rows; export a shorter period`;
    start = stop + 1;
  }
  return undefined;
}

/**
 * The rows of a statement. A CSV, checked for its shape first, is parsed here (5,000 rows take milliseconds); a
 * spreadsheet is read in a worker thread of its own with bounded memory and time (an .xlsx is a zip that may unpack
 * to gigabytes: that stops the worker only). Refused with StatementError.
 */
export async function readStatement(fileName: string, text: string | undefined, base64: string | undefined): Promise<string[][]> {
  if (!fileName.toLowerCase().endsWith('.xlsx')) {
    const problem = text === undefined ? undefined : csvOutOfBounds(text);
    if (problem) throw new StatementError(problem);
    return statementRows(fileName, text, base64);
  }
  const worker = new Worker(new URL('./statementWorkerStart.mjs', import.meta.url), {
    workerData: { fileName, text, base64 },
    resourceLimits: { maxOldGenerationSizeMb: READ_MEMORY_MB },
  });
  return await new Promise<string[][]>((resolve, reject) => {
    const timer = setTimeout(() => void worker.terminate(), READ_MS);
    const settle = (answer: { rows?: string[][]; problem?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (answer.rows) resolve(answer.rows);
      else reject(new StatementError(answer.problem ?? 'unreadable'));
    };
    worker.once('message', settle);
    worker.once('error', () => settle({ problem: 'the file is too large or too complex to read; export a shorter period as .csv' }));
    worker.once('exit', () => settle({ problem: 'the file took too long to read; export a shorter period as .csv' }));
  });
}

/**
 * Where the statement's table starts and which column holds each fact: the mapping given, or found by the titles banks
 * use. Banks put the account's details above the table, so the header is the first of the first 30 rows that names a
 * credit column.
 */
export function mapColumns(rows: string[][], given: StatementMapping | undefined): { header: number; columns: string[]; mapping: StatementMapping } {
  const headerAt = rows.slice(0, 30).findIndex((row) => row.some((cell) => (given?.credit ? cell === given.credit : TITLES.credit.test(cell))));
  if (headerAt === -1) throw new StatementError('no column of credits (money in) was found; choose which column holds them');
  const columns = rows[headerAt]!;
  const mapping: StatementMapping = {};
  for (const fact of Object.keys(TITLES) as (keyof StatementMapping)[]) {
    const chosen = given?.[fact];
    if (chosen !== undefined) {
      if (!columns.includes(chosen)) throw new StatementError(`it has no column "${chosen}"`);
      mapping[fact] = chosen;
    } else {
      const found = columns.find((title) => TITLES[fact].test(title) && !(fact === 'credit' && /debit|withdraw/i.test(title)));
      if (found !== undefined) mapping[fact] = found;
    }
  }
  if (!mapping.credit) throw new StatementError('no column of credits (money in) was found; choose which column holds them');
  return { header: headerAt, columns, mapping };
}

/** A credit as a number of rupees ("10,000.00", "₹ 899", "10000 Cr"), or undefined when the cell holds none. */
export function rupees(cell: string): number | undefined {
  const cleaned = cell.replace(/[₹,\s]|INR|Rs\.?|Cr\.?$/gi, '');
  if (!cleaned) return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** The credits of a statement, each with the UTR and the order reference its cells hold (a row may carry either). */
export function credits(rows: string[][], header: number, mapping: StatementMapping): { credits: Omit<StatementRow, 'match'>[]; problems: string[] } {
  const columns = rows[header]!;
  const at = (title: string | undefined) => (title === undefined ? -1 : columns.indexOf(title));
  const [dateAt, narrationAt, referenceAt, creditAt] = [at(mapping.date), at(mapping.narration), at(mapping.reference), at(mapping.credit)];
  const out: Omit<StatementRow, 'match'>[] = [];
  const problems: string[] = [];
  rows.slice(header + 1).forEach((row, n) => {
    const line = header + n + 2;
    const cell = (i: number) => (i === -1 ? '' : (row[i] ?? ''));
    const amount = rupees(cell(creditAt));
    if (amount === undefined) return;
    if (Number.isNaN(amount)) {
      problems.push(`Row ${line}, column "${mapping.credit}": "${cell(creditAt).slice(0, 40)}" is not an amount.`);
      return;
    }
    if (amount <= 0) return;
    const narration = cell(narrationAt);
    const text = `${cell(referenceAt)} ${narration}`;
    out.push({
      line,
      date: cell(dateAt),
      amount,
      utr: /(?<!\d)\d{12}(?!\d)/.exec(text)?.[0] ?? null,
      // The bank's text, shown to staff in the preview: as data, never a line or a direction of its own.
      narration: shownAsData(narration.slice(0, 200)),
      reference: /ICO[0-9A-Z]{9}/.exec(text.toUpperCase())?.[0] ?? null,
      problem: null,
    });
  });
  return { credits: out, problems };
}
