/**
 * The catalogue of content problems: for each kind, a stable code, a title,
 * and the one place its message and hint are written. Tests, the CLI and the
 * dev overlay name a problem by its code; the words are for a person who edits
 * JSON, not for a developer. The files that find problems pass only facts (a
 * field, a value, a guess); tests/fixtures/invalid/mistakes.json holds a
 * fixture for every code, and a test keeps the two lists equal.
 */
import { capitalise, describeValue, didYouMean, expectedKinds, type FieldPath, fieldName, quoteList, suchAs, truncate } from './problemWords.ts';

interface ProblemEntry<P> {
  title: string;
  message: (p: P) => string;
  hint?: (p: P) => string | undefined;
  /** What mergeRelatedProblems needs to know about the problem (not shown). */
  about?: (p: P) => Problem['about'];
}

const entry = <P>(e: ProblemEntry<P>): ProblemEntry<P> => e;

/** Problems whose words do not depend on where they are found (most JSON syntax mistakes). */
type NoParams = Record<string, never>;
const fixed = (title: string, message: string, hint: string) => entry<NoParams>({ title, message: () => message, hint: () => hint });

/** The value a message is about, named at the start of a sentence: "Item 2 of "roles"". */
const Field = (p: { field: FieldPath }) => capitalise(fieldName(p.field));
const written = (value: string) => JSON.stringify(truncate(value, 60));

const bounds = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than' } as const;
/** The two prices of a course, by the property that must be the lower one. */
const prices = {
  newPrice: { name: 'offer price', usual: 'oldPrice', usualName: 'usual price' },
  price: { name: 'price', usual: 'listPrice', usualName: 'list price' },
} as const;
const requiredPages = { '/': 'the home page', '/404': 'the page shown for addresses that do not exist' } as const;

/** How to write a value of the expected kind, when what was written says what was meant. */
function wrongTypeHint(expected: readonly string[], actual: unknown): string | undefined {
  const wantsNumber = expected.includes('integer') || expected.includes('number');
  const only = expected.length === 1 ? expected[0] : undefined;
  if (wantsNumber && typeof actual === 'string') {
    const digits = actual.replace(/[^0-9.]/g, '');
    return digits ? `Write ${digits} without quotes, ₹ sign, commas or words.` : 'Write a number without quotes, such as 6000.';
  }
  if (only === 'string' && (typeof actual === 'number' || typeof actual === 'boolean')) return `Put the value in double quotes: "${String(actual)}".`;
  if (only === 'array' && typeof actual === 'string') return `Write a list in square brackets: [${JSON.stringify(actual)}].`;
  if (only === 'boolean' && typeof actual === 'string') return 'Write true or false without quotes.';
  return undefined;
}

export const problemCatalogue = {
  // The file cannot be read as JSON (engine/content/jsonSource.ts); only the first such mistake of a file is reported.
  JSON_TRAILING_COMMA: entry<{ closer: '}' | ']' }>({
    title: 'A comma after the last property or item',
    message: (p) => `There is a comma after the last ${p.closer === '}' ? 'property' : 'item'}, just before "${p.closer}". JSON does not allow a comma there.`,
    hint: () => 'Delete this comma.',
  }),
  JSON_MISSING_COMMA: fixed(
    'A comma missing between two properties or items',
    'A comma is missing between two properties or items.',
    'Add a comma at the end of this line, after the previous value.',
  ),
  JSON_MISSING_COLON: fixed(
    'A colon missing after a property name',
    'A colon (:) is missing between a property name and its value.',
    'Write the property as "name": value.',
  ),
  JSON_SINGLE_QUOTES: fixed(
    'Text in single quotes',
    'Text is written in single quotes here. JSON only accepts double quotes.',
    'Replace the single quotes (\') with double quotes (").',
  ),
  JSON_COMMENT: fixed(
    'A comment in a JSON file',
    'JSON files cannot contain comments.',
    'Remove the comment; a "description" property can hold notes where the schema allows it.',
  ),
  JSON_UNCLOSED_TEXT: fixed(
    'A text without its closing quote',
    'A text is not closed: its closing double quote (") is missing.',
    'Add the missing " at the end of the text, before the comma or the end of the line.',
  ),
  JSON_PROPERTY_NAME_EXPECTED: fixed(
    'A property without a name',
    'A property name in double quotes is expected here, such as "title".',
    'Put the property name in double quotes, followed by a colon and its value.',
  ),
  JSON_VALUE_EXPECTED: fixed(
    'A value that is missing',
    'A value is missing or not written in a form JSON understands.',
    'Write text in double quotes ("like this"), a number (6000), true, false, a list in [ ] or a group in { }.',
  ),
  JSON_UNCLOSED_GROUP: fixed(
    'A group opened with { and not closed',
    'A group opened with { is not closed.',
    'Add the missing } (and check the commas before it).',
  ),
  JSON_UNCLOSED_LIST: fixed(
    'A list opened with [ and not closed',
    'A list opened with [ is not closed.',
    'Add the missing ] (and check the commas before it).',
  ),
  JSON_TEXT_AFTER_END: fixed(
    'Text after the end of the document',
    'There is more text after the end of the document.',
    'The whole file must be one { ... } group; remove what follows the last }.',
  ),
  JSON_BAD_NUMBER: fixed(
    'A number JSON cannot read',
    'This value starts like a number but is not one.',
    'Write numbers with digits only, such as 6000: no commas, spaces, ₹ sign or leading zeros. Write anything else as text in double quotes.',
  ),
  JSON_BAD_ESCAPE: fixed(
    'A backslash JSON does not understand',
    'A backslash (\\) in this text starts a special character JSON does not know.',
    'Write \\\\ for a backslash, or remove it.',
  ),
  JSON_CONTROL_CHARACTER: fixed(
    'A tab or other invisible character inside a text',
    'This text contains a line break or tab, which JSON does not allow inside quotes.',
    'Keep the text on one line, or write \\n for a line break.',
  ),
  JSON_UNEXPECTED_CHARACTER: entry<{ char: string }>({
    title: 'A character that cannot start a value',
    message: (p) => `The character ${JSON.stringify(p.char)} is not allowed here.`,
    hint: () => 'Put text in double quotes, and check the line above for a missing quote or comma.',
  }),
  DUPLICATE_KEY: entry<{ name: string; firstLine: number }>({
    title: 'A property written twice',
    message: (p) => `"${p.name}" is written twice in this group (first on line ${p.firstLine}); only the last one would count.`,
    hint: (p) => `Keep one "${p.name}" and delete the other.`,
  }),

  // Where files are (engine/content/discoverContent.ts, crossFileRules.ts).
  UNKNOWN_FILE: entry<{ folder: 'pages' | 'data' }>({
    title: 'A file that is not JSON where only JSON files belong',
    message: (p) => `Only .json files belong in ${p.folder}/.`,
    hint: () => 'Move this file elsewhere (pictures go in public/images/), or save it as a .json file.',
  }),
  UNKNOWN_DATA_FILE: entry<{ name: string; known: string[] }>({
    title: 'A data file the site has no schema for',
    message: (p) => `The site does not know a data file called ${p.name}.`,
    hint: (p) => `Data files are: data/site.json, ${p.known.map((n) => `data/${n}.json`).join(', ')}. A new kind of data needs a schema in schemas/data first.`,
  }),
  UNKNOWN_DATA_FOLDER: entry<{ folder: string }>({
    title: 'A folder in data/ the site has no schema for',
    message: (p) => `The site does not know the folder data/${p.folder}.`,
    hint: () => 'Put data files directly in data/, or in a folder named after a schema in schemas/data.',
  }),
  MISSING_SITE_FILE: fixed(
    'data/site.json is missing',
    'data/site.json is missing: it holds the site name, menus and links.',
    'Restore data/site.json from version control.',
  ),
  MISSING_PAGE: entry<{ path: keyof typeof requiredPages; file: string }>({
    title: 'No home page, or no page for addresses that do not exist',
    message: (p) => `There is no page with the path ${p.path}, ${requiredPages[p.path]}.`,
    hint: (p) => `Restore ${p.file} from version control; its "path" is ${p.path}.`,
  }),

  // The file against its schema (engine/content/explainError.ts, validateContent.ts).
  WRONG_SCHEMA_REF: entry<{ declared: unknown; schema: string; expected: string }>({
    title: 'The "$schema" line points at the wrong schema',
    message: (p) => `"$schema" says ${JSON.stringify(p.declared)}, but a file here is checked by schemas/${p.schema}.`,
    hint: (p) => `Write "$schema": "${p.expected}".`,
  }),
  MISSING_SCHEMA_REF: entry<{ expected: string }>({
    title: 'No "$schema" line',
    message: () => 'This file does not say which schema checks it, so editors cannot help with it.',
    hint: (p) => `Add "$schema": "${p.expected}" as the first line inside the { }.`,
  }),
  UNKNOWN_PROPERTY: entry<{ property: string; thing: string | undefined; guess: string | undefined; allowed: string[] }>({
    title: 'A property that is not allowed here',
    message: (p) => `"${p.property}" is not a property of this ${p.thing ?? 'group'}.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Rename "${p.property}" to "${p.guess}".` : `Remove "${p.property}" or use one of: ${quoteList(p.allowed)}.`),
    about: (p) => (p.guess ? { suggestion: p.guess } : undefined),
  }),
  MISSING_PROPERTY: entry<{ property: string; thing: string | undefined; description: string | undefined; example: unknown }>({
    title: 'A required property is missing',
    message: (p) => `This ${p.thing ?? 'group'} needs "${p.property}"${p.description ? `: ${p.description}` : '.'}`,
    hint: (p) => `Add "${p.property}": ${p.example === undefined ? '…' : JSON.stringify(p.example)}`,
    about: (p) => ({ property: p.property }),
  }),
  MISSING_SECTION_TYPE: entry<{ types: string[] }>({
    title: 'A section that does not say which type it is',
    message: () => 'This section has no "type" (or it is not text). Every section says which kind it is.',
    hint: (p) => `Add "type" with one of: ${quoteList(p.types)}.`,
  }),
  UNKNOWN_SECTION_TYPE: entry<{ value: string; guess: string | undefined; types: string[] }>({
    title: 'A section type that does not exist',
    message: (p) => `There is no section type "${p.value}".${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write "type": "${p.guess}".` : `Use one of: ${quoteList(p.types)}.`),
  }),
  WRONG_TYPE: entry<{ field: FieldPath; expected: string[]; example: unknown; value: unknown }>({
    title: 'A value of the wrong kind',
    message: (p) => `${Field(p)} must be ${expectedKinds(p.expected)}${suchAs(p.example)}, not ${describeValue(p.value)}.`,
    hint: (p) => wrongTypeHint(p.expected, p.value),
  }),
  NOT_ALLOWED_VALUE: entry<{ field: FieldPath; value: unknown; allowed: unknown[]; guess: string | undefined }>({
    title: 'A value that is not one of the allowed ones',
    message: (p) => `${Field(p)} is ${describeValue(p.value)}, which is not allowed here.${didYouMean(p.guess)}`,
    hint: (p) => `Use ${p.allowed.length === 1 ? '' : 'one of: '}${quoteList(p.allowed)}.`,
  }),
  BAD_FORMAT: entry<{ field: FieldPath; value: string; rule: string | undefined; example: unknown }>({
    title: 'A value written in the wrong form',
    message: (p) => `${Field(p)} is written as ${written(p.value)}, which is not in the right form.`,
    hint: (p) => p.rule ?? `Write it${suchAs(p.example) || ' in the form the schema describes'}.`,
  }),
  BAD_PROPERTY_NAME: entry<{ field: FieldPath; name: string; rule: string | undefined }>({
    title: 'A name written in the wrong form',
    message: (p) => `The name ${JSON.stringify(p.name)} in ${fieldName(p.field)} is not written in the right form.`,
    hint: (p) => p.rule ?? 'Rename it in the form the other names use.',
  }),
  LINK_NOT_HTTPS: entry<{ field: FieldPath; value: string }>({
    title: 'A link to an insecure http:// address',
    message: (p) => `${Field(p)} is written as ${written(p.value)}, an insecure http:// address.`,
    hint: (p) => `Write https:// instead of http:// (${p.value.replace(/^http:/i, 'https:')}); links to insecure addresses are not allowed.`,
  }),
  LINK_RUNS_SCRIPT: entry<{ field: FieldPath; value: string }>({
    title: 'A link that runs a script',
    message: (p) => `${Field(p)} is written as ${written(p.value)}, a link that runs a script.`,
    hint: () => 'Links that run scripts are not allowed. Link to a page of this site (such as /courses) or an https:// address.',
  }),
  NOT_AN_EMAIL: entry<{ field: FieldPath; value: unknown; example: unknown }>({
    title: 'An e-mail address that is not one',
    message: (p) => `${Field(p)} must be an e-mail address; ${describeValue(p.value)} is not.`,
    hint: (p) => `Write one address${suchAs(p.example ?? 'name@example.com')}: a name, @ and a domain, with no spaces.`,
  }),
  NOT_A_DATE: entry<{ field: FieldPath; value: unknown; example: unknown }>({
    title: 'A date that is not written year-month-day',
    message: (p) => `${Field(p)} must be a valid date written year-month-day; ${describeValue(p.value)} is not.`,
    hint: (p) => `Write the date as YYYY-MM-DD,${suchAs(p.example ?? '2025-03-05')}.`,
  }),
  EMPTY_TEXT: entry<{ field: FieldPath; example: unknown }>({
    title: 'Text that is empty',
    message: (p) => `${Field(p)} is empty.`,
    hint: (p) => `Write the text${suchAs(p.example)}, or remove the property if it is optional.`,
  }),
  TEXT_TOO_SHORT: entry<{ field: FieldPath; limit: number; example: unknown }>({
    title: 'Text that is too short',
    message: (p) => `${Field(p)} is too short: it needs at least ${p.limit} characters.`,
    hint: (p) => `Write a fuller text${suchAs(p.example)}.`,
  }),
  TEXT_TOO_LONG: entry<{ field: FieldPath; length: number; limit: number }>({
    title: 'Text that is too long',
    message: (p) => `${Field(p)} is ${p.length} characters long; at most ${p.limit} fit.`,
    hint: () => 'Shorten the text.',
  }),
  OUT_OF_RANGE: entry<{ field: FieldPath; value: number; bound: keyof typeof bounds; limit: number; example: unknown }>({
    title: 'A number outside the allowed range',
    message: (p) => `${Field(p)} is ${p.value}, but it must be ${bounds[p.bound]} ${p.limit}.`,
    hint: (p) => `Use a number${suchAs(p.example)}.`,
  }),
  TOO_FEW_ITEMS: entry<{ field: FieldPath; count: number; limit: number }>({
    title: 'A list with too few items',
    message: (p) => `${Field(p)} has ${p.count} ${p.count === 1 ? 'item' : 'items'}; it needs at least ${p.limit}.`,
    hint: () => 'Add items to the list, or remove the property if it is optional.',
  }),
  TOO_MANY_ITEMS: entry<{ field: FieldPath; count: number; limit: number }>({
    title: 'A list with too many items',
    message: (p) => `${Field(p)} has ${p.count} items; at most ${p.limit} fit.`,
    hint: () => 'Remove items from the list.',
  }),
  DUPLICATE_ITEM: entry<{ field: FieldPath; item: unknown; first: number; second: number }>({
    title: 'The same item twice in a list',
    message: (p) => `${Field(p)} lists ${JSON.stringify(p.item)} twice (items ${p.first} and ${p.second}).`,
    hint: () => 'Keep each item once.',
  }),
  INVALID_CONTENT: entry<{ field: FieldPath; description: string | undefined; rule: string | undefined }>({
    title: 'A value that breaks a schema rule the messages have no words for yet',
    message: (p) => `${Field(p)} does not match what is expected here${p.description ? `: ${p.description}` : '.'}`,
    hint: (p) => `Compare it with the examples your editor shows for this property${p.rule ? `; the schema says it ${p.rule}` : ''}.`,
  }),

  // Between files (engine/content/crossFileRules.ts, validateContent.ts).
  DUPLICATE_PATH: entry<{ address: string; owner: string }>({
    title: 'Two pages with the same address',
    message: (p) => `The address ${JSON.stringify(p.address)} is already used by ${p.owner} (addresses are compared without regard to capital letters).`,
    hint: () => 'Give this page a different path, or remove the duplicate alias.',
  }),
  DUPLICATE_ID: entry<{ id: string | number; owner: string }>({
    title: 'Two items with the same id',
    message: (p) => `The id ${JSON.stringify(p.id)} is already used by another item in ${p.owner}; ids must be unique.`,
    hint: () => 'Give this item an id of its own.',
  }),
  UNKNOWN_REFERENCE: entry<{ value: string | number; source: string; guess: string | undefined }>({
    title: 'An id that points at nothing',
    message: (p) => `${JSON.stringify(p.value)} is not the id of anything in ${p.source}.${didYouMean(p.guess)}`,
    hint: (p) =>
      p.guess
        ? `Write ${JSON.stringify(typeof p.value === 'number' ? Number(p.guess) : p.guess)}.`
        : `Use an id that exists in ${p.source}, or add the item there first.`,
  }),
  DEAD_LINK: entry<{ link: string; guess: string | undefined }>({
    title: 'A link to a page that does not exist',
    message: (p) => `The link ${JSON.stringify(p.link)} leads to no page of this site and no file in public/.${didYouMean(p.guess)}`,
    hint: (p) =>
      p.guess ? `Write ${JSON.stringify(p.guess)}.` : 'Link to the path of an existing page (see the "path" of the files in pages/), or add the page first.',
  }),
  UNKNOWN_ROLE_IN_LINK: entry<{ link: string; role: string; page: string; guess: string | undefined }>({
    title: 'A link to a role that its page does not have',
    message: (p) => `The link ${JSON.stringify(p.link)} asks for the role "${p.role}", which ${p.page} does not have.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write role=${p.guess}.` : `Use the "id" of one of the roles in ${p.page}.`),
  }),
  MISSING_ANCHOR: entry<{ link: string; id: string; page: string | undefined }>({
    title: 'A link to a part of a page that does not exist',
    message: (p) => `${p.page ?? 'This page'} has no section with the id "${p.id}", so the link ${p.link} goes nowhere.`,
    hint: (p) => `Add "id": "${p.id}" to the section of ${p.page ?? 'this page'} it should jump to, or fix the link.`,
  }),
  MISSING_FILE: entry<{ file: string; folder: string; kind: string; guess: string | undefined }>({
    title: 'An image or file that does not exist',
    message: (p) => `There is no file public${p.file}.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write ${JSON.stringify(p.guess)}.` : `Put the ${p.kind} in public${p.folder}/ (names are case-sensitive), or fix the path.`),
  }),
  UNKNOWN_SETTING: entry<{ name: string; guess: string | undefined; names: string[] }>({
    title: 'A setting: link that data/site.json does not define',
    message: (p) => `data/site.json has no link called "${p.name}".${didYouMean(p.guess && `setting:${p.guess}`)}`,
    hint: (p) =>
      p.guess
        ? `Write "setting:${p.guess}".`
        : `Add "${p.name}" under "links" in data/site.json, or use one of: ${p.names.map((n) => `setting:${n}`).join(', ')}.`,
  }),
  UNKNOWN_MENU: entry<{ what: 'menu' | 'footer column'; value: string; guess: string | undefined; ids: string[] }>({
    title: 'A menu or footer column that data/site.json does not define',
    message: (p) => `data/site.json has no ${p.what} "${p.value}".${didYouMean(p.guess)}`,
    hint: (p) => `Use one of: ${p.ids.join(', ')}.`,
  }),

  // Rules about data (engine/content/entityRules.ts) and sections (each type's definition.ts, roleRules.ts).
  FILE_ID_MISMATCH: entry<{ id: string; fileId: string }>({
    title: 'An id that differs from its file name',
    message: (p) => `The id "${p.id}" differs from the file name ${p.fileId}.json; pages find a course by its file name.`,
    hint: (p) => `Write "id": "${p.fileId}", or rename the file to ${p.id}.json.`,
  }),
  PRICE_ORDER: entry<{ field: keyof typeof prices; price: number; usual: number }>({
    title: 'A price higher than the usual price it is shown against',
    message: (p) => `The ${prices[p.field].name} ${p.price} is higher than the ${prices[p.field].usualName} ${p.usual}.`,
    hint: (p) =>
      `"${p.field}" is the lower price students pay and "${prices[p.field].usual}" the usual, higher one; swap the two if they are the wrong way round.`,
  }),
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
  // Texts a scaffold wrote for the author to replace (engine/content/templateMarks.ts): a warning while editing, an error in a production build.
  TEMPLATE_TEXT: entry<{ field: FieldPath; text: string }>({
    title: "A text still holding the template's ✎ placeholder",
    message: (p) => `${Field(p)} is still the template's placeholder text: ${written(p.text)}.`,
    hint: () => 'Write the real text in its place, without the ✎; the site would show the placeholder to visitors as it is.',
  }),
  ROW_LENGTH: entry<{ row: number; values: number; columns: string[] }>({
    title: 'A table row with more or fewer values than the table has columns',
    message: (p) => `Row ${p.row} has ${p.values} values but the table has ${p.columns.length} columns.`,
    hint: (p) => `Give every row exactly ${p.columns.length} values, one per column in order: ${p.columns.join(', ')}.`,
  }),
} as const;

export type ProblemCode = keyof typeof problemCatalogue;
export type ProblemParams<C extends ProblemCode> = (typeof problemCatalogue)[C] extends ProblemEntry<infer P> ? P : never;
/** The codes whose words need no parameters. */
export type PlainProblemCode = { [C in ProblemCode]: ProblemParams<C> extends NoParams ? C : never }[ProblemCode];

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
  const { message, hint, about } = problemCatalogue[code] as ProblemEntry<ProblemParams<C>>;
  const hintText = hint?.(params);
  const aboutIt = about?.(params);
  return { code, ...place, message: message(params), ...(hintText ? { hint: hintText } : {}), ...(aboutIt ? { about: aboutIt } : {}) };
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
  const suggested = new Set(
    problems
      .filter((p) => p.code === 'UNKNOWN_PROPERTY' && p.about?.suggestion)
      .map((p) => `${p.file}|${p.pointer.replace(/\/[^/]*$/, '')}|${p.about!.suggestion}`),
  );
  return problems.filter((p) => !(p.code === 'MISSING_PROPERTY' && p.about?.property && suggested.has(`${p.file}|${p.pointer}|${p.about.property}`)));
}

export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
