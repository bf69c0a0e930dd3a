/**
 * The catalogue of content problems. Each kind has a stable code so that tests,
 * the CLI and the dev overlay name it the same way; the message is written for
 * a person who edits JSON, not for a developer.
 */
export const problemCodes = {
  JSON_SYNTAX: 'The file is not valid JSON',
  DUPLICATE_KEY: 'A property is written twice',
  WRONG_SCHEMA_REF: 'The "$schema" line points at the wrong schema',
  UNKNOWN_FILE: 'A file the site does not know what to do with',
  UNKNOWN_PROPERTY: 'A property that is not allowed here',
  MISSING_PROPERTY: 'A required property is missing',
  WRONG_TYPE: 'A value of the wrong kind',
  UNKNOWN_SECTION_TYPE: 'A section type that does not exist',
  NOT_ALLOWED_VALUE: 'A value that is not one of the allowed ones',
  BAD_FORMAT: 'A value written in the wrong form',
  EMPTY_TEXT: 'Text that is empty',
  TEXT_TOO_LONG: 'Text that is too long',
  OUT_OF_RANGE: 'A number outside the allowed range',
  TOO_FEW_ITEMS: 'A list with too few items',
  TOO_MANY_ITEMS: 'A list with too many items',
  DUPLICATE_ITEM: 'The same item twice in a list',
  DUPLICATE_PATH: 'Two pages with the same address',
  DUPLICATE_ID: 'Two items with the same id',
  UNKNOWN_REFERENCE: 'An id that points at nothing',
  DEAD_LINK: 'A link to a page that does not exist',
  MISSING_ANCHOR: 'A link to a part of the page that does not exist',
  MISSING_FILE: 'An image or file that does not exist',
  UNKNOWN_SETTING: 'A setting: link that data/site.json does not define',
  DEFAULT_ROLE_MISSING: 'A default role that is not in the list of roles',
  DUPLICATE_ROLE: 'Two roles with the same id on one page',
  UNKNOWN_MENU: 'A menu or footer column that data/site.json does not define',
  FILE_ID_MISMATCH: 'An id that differs from its file name',
  PRICE_ORDER: 'An offer price higher than the usual price',
  INVALID_CONTENT: 'The content does not match its schema',
} as const;

export type ProblemCode = keyof typeof problemCodes;

export interface Problem {
  code: ProblemCode;
  /** Project-relative path with forward slashes, e.g. pages/internship/law.json */
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the value at fault ('' for the whole document). */
  pointer: string;
  message: string;
  /** What would be right, when we can say it. */
  hint?: string;
  /** For merging related problems (not shown): the property a problem is about, and the name suggested for it. */
  about?: { property?: string; suggestion?: string };
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
