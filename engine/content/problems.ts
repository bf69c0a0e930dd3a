/**
 * The catalogue of content problems: for each kind, a stable code, a title,
 * and the one place its message and hint are written. Tests, the CLI and the
 * dev overlay name a problem by its code; the words are for a person who edits
 * JSON, not for a developer. tests/fixtures/invalid holds a file for each code.
 */
import { quoteList } from '../shared/didYouMean.ts';

interface ProblemEntry<P> {
  title: string;
  message: (p: P) => string;
  hint?: (p: P) => string;
}

const entry = <P>(e: ProblemEntry<P>): ProblemEntry<P> => e;
const didYouMean = (guess: string | undefined) => (guess ? ` Did you mean ${JSON.stringify(guess)}?` : '');

/** Problems whose words are still composed where they are found (moving into entries of their own). */
type Worded = { message: string; hint?: string };
const worded = (title: string) => entry<Worded>({ title, message: (p) => p.message, hint: (p) => p.hint ?? '' });

export const problemCatalogue = {
  JSON_SYNTAX: worded('The file is not valid JSON'),
  DUPLICATE_KEY: worded('A property is written twice'),
  WRONG_SCHEMA_REF: worded('The "$schema" line points at the wrong schema'),
  UNKNOWN_FILE: worded('A file the site does not know what to do with'),
  UNKNOWN_PROPERTY: worded('A property that is not allowed here'),
  MISSING_PROPERTY: worded('A required property is missing'),
  WRONG_TYPE: worded('A value of the wrong kind'),
  UNKNOWN_SECTION_TYPE: worded('A section type that does not exist'),
  NOT_ALLOWED_VALUE: worded('A value that is not one of the allowed ones'),
  BAD_FORMAT: worded('A value written in the wrong form'),
  EMPTY_TEXT: worded('Text that is empty'),
  TEXT_TOO_LONG: worded('Text that is too long'),
  OUT_OF_RANGE: worded('A number outside the allowed range'),
  TOO_FEW_ITEMS: worded('A list with too few items'),
  TOO_MANY_ITEMS: worded('A list with too many items'),
  DUPLICATE_ITEM: worded('The same item twice in a list'),
  DUPLICATE_PATH: worded('Two pages with the same address'),
  DUPLICATE_ID: worded('Two items with the same id'),
  UNKNOWN_REFERENCE: worded('An id that points at nothing'),
  DEAD_LINK: worded('A link to a page that does not exist'),
  MISSING_ANCHOR: worded('A link to a part of the page that does not exist'),
  MISSING_FILE: worded('An image or file that does not exist'),
  UNKNOWN_SETTING: worded('A setting: link that data/site.json does not define'),
  UNKNOWN_MENU: worded('A menu or footer column that data/site.json does not define'),
  FILE_ID_MISMATCH: worded('An id that differs from its file name'),
  PRICE_ORDER: worded('An offer price higher than the usual price'),
  INVALID_CONTENT: worded('The content does not match its schema'),
  DEFAULT_ROLE_MISSING: entry<{ value: string; guess?: string | undefined; ids: string[] }>({
    title: 'A default role that is not in the list of roles',
    message: (p) => `The default role "${p.value}" is not one of this page's roles.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write "defaultRole": "${p.guess}".` : `Use the id of one of the roles: ${quoteList(p.ids)}.`),
  }),
  DUPLICATE_ROLE: entry<{ id: string; list: string }>({
    title: 'Two roles with the same id on one page',
    message: (p) => `Two roles on this page have the id "${p.id}"; the ${p.list} list could not tell them apart.`,
    hint: () => 'Give each role its own id.',
  }),
  MIN_ABOVE_MAX: entry<{ what: string; min: number; max: number }>({
    title: 'A range whose smallest value is larger than its largest',
    message: (p) => `The ${p.what} runs from ${p.min} to ${p.max}: min is larger than max.`,
    hint: (p) => `Swap the two numbers: "min": ${p.max}, "max": ${p.min}.`,
  }),
  ROW_LENGTH: entry<{ row: number; values: number; columns: string[] }>({
    title: 'A table row with more or fewer values than the table has columns',
    message: (p) => `Row ${p.row} has ${p.values} values but the table has ${p.columns.length} columns.`,
    hint: (p) => `Give every row exactly ${p.columns.length} values, one per column in order: ${p.columns.join(', ')}.`,
  }),
} as const;

export type ProblemCode = keyof typeof problemCatalogue;
export type ProblemParams<C extends ProblemCode> = (typeof problemCatalogue)[C] extends ProblemEntry<infer P> ? P : never;

/** Where a problem is: the file, the position and the JSON pointer of the value at fault. */
export interface ProblemPlace {
  /** Project-relative path with forward slashes, e.g. pages/internship/law.json */
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the value at fault ('' for the whole document). */
  pointer: string;
}

export interface Problem extends ProblemPlace {
  code: ProblemCode;
  message: string;
  /** What would be right, when we can say it. */
  hint?: string;
  /** For merging related problems (not shown): the property a problem is about, and the name suggested for it. */
  about?: { property?: string; suggestion?: string };
}

/** A problem of this kind at this place, worded by the catalogue. */
export function problem<C extends ProblemCode>(code: C, place: ProblemPlace, params: ProblemParams<C>): Problem {
  const { message, hint } = problemCatalogue[code] as ProblemEntry<ProblemParams<C>>;
  const hintText = hint?.(params);
  return { code, ...place, message: message(params), ...(hintText ? { hint: hintText } : {}) };
}

export function formatProblem(problem: Problem): string {
  const where = `${problem.file}:${problem.line}:${problem.column}`;
  const pointer = problem.pointer === '' ? '(whole file)' : problem.pointer;
  const lines = [`${where}  ${pointer}  [${problem.code}]`, `  ${problem.message}`];
  if (problem.hint) lines.push(`  Fix: ${problem.hint}`);
  return lines.join('\n');
}

export function formatProblems(problems: readonly Problem[]): string {
  const count = problems.length;
  const files = new Set(problems.map((p) => p.file)).size;
  const header = `${count} content ${count === 1 ? 'problem' : 'problems'} in ${files} ${files === 1 ? 'file' : 'files'}:`;
  return [header, '', ...problems.map(formatProblem).flatMap((block) => [block, ''])].join('\n').trimEnd();
}

/**
 * A misspelt required property ("titel") is one mistake, not two: when a
 * property is suggested as the fix of an unknown one, its "missing" problem goes.
 */
export function mergeRelatedProblems(problems: Problem[]): Problem[] {
  const suggested = new Set(problems.filter((p) => p.code === 'UNKNOWN_PROPERTY' && p.about?.suggestion).map((p) => `${p.file}|${p.pointer.replace(/\/[^/]*$/, '')}|${p.about!.suggestion}`));
  return problems.filter((p) => !(p.code === 'MISSING_PROPERTY' && p.about?.property && suggested.has(`${p.file}|${p.pointer}|${p.about.property}`)));
}

export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
