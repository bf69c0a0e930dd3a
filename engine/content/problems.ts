/**
 * The catalogue of content problems: for each kind, a stable code, a title,
 * and the one place its message and hint are written. Tests, the CLI and the
 * dev overlay name a problem by its code; the words are for a person who edits
 * JSON, not for a developer. The files that find problems pass only facts (a
 * field, a value, a guess); tests/fixtures/invalid/mistakes.json holds a
 * fixture for every code, and a test keeps the two lists equal.
 */
import {
  capitalise,
  collectionWords,
  describeValue,
  didYouMean,
  expectedKinds,
  type FieldPath,
  fieldName,
  formKinds,
  formSuchAs,
  formValue,
  humanise,
  quoted,
  quoteList,
  suchAs,
  truncate,
} from './problemWords.ts';

interface ProblemEntry<P> {
  title: string;
  /** The words of `npm run validate` and the build, for a person who edits the JSON file: they name properties and values as written there. */
  message: (p: P) => string;
  hint?: (p: P) => string | undefined;
  /**
   * The same problem in the words of the content editor, shown beside the field it is about (the form says where):
   * no property names, file paths or line numbers.
   */
  form: { message: (p: P) => string; hint?: (p: P) => string | undefined };
  /** What mergeRelatedProblems needs to know about the problem (not shown). */
  about?: (p: P) => Problem['about'];
}

const entry = <P>(e: ProblemEntry<P>): ProblemEntry<P> => e;

/** Problems whose words do not depend on where they are found (most JSON syntax mistakes). */
type NoParams = Record<string, never>;
/**
 * A file the form cannot open or write in the first place (a typing mistake in its JSON, a file in the wrong folder):
 * the editor shows the problem in the list, for whoever edits the files.
 */
const unreadable = {
  message: () => 'This file has a typing mistake or is in the wrong place, so the form cannot show it.',
  hint: () => 'Ask whoever edits the site’s files to correct it (the check they run says exactly where); the form opens it again once it is fixed.',
};
const fixed = (title: string, message: string, hint: string) => entry<NoParams>({ title, message: () => message, hint: () => hint, form: unreadable });

/** The value a message is about, named at the start of a sentence: "Item 2 of "roles"". */
const Field = (p: { field: FieldPath }) => capitalise(fieldName(p.field));
const written = (value: string) => JSON.stringify(truncate(value, 60));
/** A word named at the start of a sentence; a counted word's form as 'The "other" form of "results"'. */
const Word = (p: { field: FieldPath }) => {
  const [parent, last] = p.field.slice(-2);
  return parent && (last === 'one' || last === 'other') ? `The "${last}" form of "${parent}"` : Field(p);
};
/** "{id}", "{id} and {date}", "{id}, {date} and {reason}". */
const braced = (names: readonly string[]) => {
  const all = names.map((name) => `{${name}}`);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}` : (all[0] ?? '');
};

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

/** wrongTypeHint in the form's words: the form has no quotes or brackets to write. */
function formTypeHint(expected: readonly string[], actual: unknown): string | undefined {
  const wantsNumber = expected.includes('integer') || expected.includes('number');
  if (wantsNumber && typeof actual === 'string') {
    const digits = actual.replace(/[^0-9.]/g, '');
    return digits ? `Write ${digits}: digits only, without the ₹ sign, commas or words.` : 'Write a number with digits only, such as 6000.';
  }
  return undefined;
}

export const problemCatalogue = {
  // The file cannot be read as JSON (engine/content/jsonSource.ts); only the first such mistake of a file is reported.
  JSON_TRAILING_COMMA: entry<{ closer: '}' | ']' }>({
    title: 'A comma after the last property or item',
    message: (p) => `There is a comma after the last ${p.closer === '}' ? 'property' : 'item'}, just before "${p.closer}". JSON does not allow a comma there.`,
    hint: () => 'Delete this comma.',
    form: unreadable,
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
    form: unreadable,
  }),
  DUPLICATE_KEY: entry<{ name: string; firstLine: number }>({
    title: 'A property written twice',
    message: (p) => `"${p.name}" is written twice in this group (first on line ${p.firstLine}); only the last one would count.`,
    hint: (p) => `Keep one "${p.name}" and delete the other.`,
    form: unreadable,
  }),

  // Where files are (engine/content/discoverContent.ts, crossFileRules.ts).
  UNKNOWN_FILE: entry<{ folder: 'pages' | 'data' }>({
    title: 'A file that is not JSON where only JSON files belong',
    message: (p) => `Only .json files belong in ${p.folder}/.`,
    hint: () => 'Move this file elsewhere (pictures go in public/images/), or save it as a .json file.',
    form: unreadable,
  }),
  UNKNOWN_DATA_FILE: entry<{ name: string; known: string[] }>({
    title: 'A data file the site has no schema for',
    message: (p) => `The site does not know a data file called ${p.name}.`,
    hint: (p) => `Data files are: data/site.json, ${p.known.join(', ')}. A new kind of data needs a schema in schemas/data first.`,
    form: unreadable,
  }),
  WRONG_DATA_LAYOUT: entry<{ name: string; layout: 'oneFile' | 'filePerItem' }>({
    title: 'Items of a collection kept other than its definition says',
    message: (p) =>
      p.layout === 'oneFile'
        ? `The collection "${p.name}" is kept in one file, data/${p.name}.json, not one file per item in a folder data/${p.name}/.`
        : `The collection "${p.name}" is kept one file per item in the folder data/${p.name}/, not in one file data/${p.name}.json.`,
    hint: (p) =>
      p.layout === 'oneFile'
        ? `Move the item into the "items" list of data/${p.name}.json, and delete this file.`
        : `Give each item a file of its own, data/${p.name}/<Id>.json, named by its id.`,
    form: unreadable,
  }),
  UNKNOWN_DATA_FOLDER: entry<{ folder: string }>({
    title: 'A folder in data/ the site has no schema for',
    message: (p) => `The site does not know the folder data/${p.folder}.`,
    hint: () => 'Put data files directly in data/, or in a folder named after a schema in schemas/data.',
    form: unreadable,
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
    form: {
      message: (p) => `The site needs ${requiredPages[p.path]} at the address ${p.path}, and this change leaves it without one.`,
      hint: (p) => `Put the address back to ${p.path}.`,
    },
  }),

  // The file against its schema (engine/content/explainError.ts, validateContent.ts).
  WRONG_SCHEMA_REF: entry<{ declared: unknown; schema: string; expected: string }>({
    title: 'The "$schema" line points at the wrong schema',
    message: (p) => `"$schema" says ${JSON.stringify(p.declared)}, but a file here is checked by schemas/${p.schema}.`,
    hint: (p) => `Write "$schema": "${p.expected}".`,
    form: unreadable,
  }),
  MISSING_SCHEMA_REF: entry<{ expected: string }>({
    title: 'No "$schema" line',
    message: () => 'This file does not say which schema checks it, so editors cannot help with it.',
    hint: (p) => `Add "$schema": "${p.expected}" as the first line inside the { }.`,
    form: unreadable,
  }),
  UNKNOWN_PROPERTY: entry<{ property: string; thing: string | undefined; guess: string | undefined; allowed: string[] }>({
    title: 'A property that is not allowed here',
    message: (p) => `"${p.property}" is not a property of this ${p.thing ?? 'group'}.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Rename "${p.property}" to "${p.guess}".` : `Remove "${p.property}" or use one of: ${quoteList(p.allowed)}.`),
    about: (p) => (p.guess ? { suggestion: p.guess } : undefined),
    form: {
      message: (p) =>
        `The site does not know this part, so visitors would never see it.${p.guess ? ` Perhaps it was meant to be ${quoted(humanise(p.guess))}.` : ''}`,
      hint: (p) =>
        p.guess
          ? `Write its text in ${quoted(humanise(p.guess))} instead, then remove this part.`
          : 'Remove this part, or write its text in one of the fields the form shows.',
    },
  }),
  MISSING_PROPERTY: entry<{ property: string; thing: string | undefined; description: string | undefined; example: unknown }>({
    title: 'A required property is missing',
    message: (p) => `This ${p.thing ?? 'group'} needs "${p.property}"${p.description ? `: ${p.description}` : '.'}`,
    hint: (p) => `Add "${p.property}": ${p.example === undefined ? '…' : JSON.stringify(p.example)}`,
    about: (p) => ({ property: p.property }),
    form: {
      message: (p) => `This is needed and is empty${p.description ? `: ${p.description}` : '.'}`,
      hint: (p) => `Fill it in${formSuchAs(p.example)}.`,
    },
  }),
  MISSING_SECTION_TYPE: entry<{ types: string[] }>({
    title: 'A section that does not say which type it is',
    message: () => 'This section has no "type" (or it is not text). Every section says which kind it is.',
    hint: (p) => `Add "type" with one of: ${quoteList(p.types)}.`,
    form: {
      message: () => 'This section does not say what kind of section it is, so the page cannot show it.',
      hint: () => 'Remove it, then add a section of one of the kinds offered below the list.',
    },
  }),
  UNKNOWN_SECTION_TYPE: entry<{ value: string; guess: string | undefined; types: string[] }>({
    title: 'A section type that does not exist',
    message: (p) => `There is no section type "${p.value}".${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write "type": "${p.guess}".` : `Use one of: ${quoteList(p.types)}.`),
    form: {
      message: () => 'This section is of a kind the site does not have, so the page cannot show it.',
      hint: () => 'Remove it, then add a section of one of the kinds offered below the list.',
    },
  }),
  WRONG_TYPE: entry<{ field: FieldPath; expected: string[]; example: unknown; value: unknown }>({
    title: 'A value of the wrong kind',
    message: (p) => `${Field(p)} must be ${expectedKinds(p.expected)}${suchAs(p.example)}, not ${describeValue(p.value)}.`,
    hint: (p) => wrongTypeHint(p.expected, p.value),
    form: {
      message: (p) => `This must be ${formKinds(p.expected)}${formSuchAs(p.example)}, not ${formValue(p.value)}.`,
      hint: (p) => formTypeHint(p.expected, p.value),
    },
  }),
  NOT_ALLOWED_VALUE: entry<{ field: FieldPath; value: unknown; allowed: unknown[]; guess: string | undefined }>({
    title: 'A value that is not one of the allowed ones',
    message: (p) => `${Field(p)} is ${describeValue(p.value)}, which is not allowed here.${didYouMean(p.guess)}`,
    hint: (p) => `Use ${p.allowed.length === 1 ? '' : 'one of: '}${quoteList(p.allowed)}.`,
    form: {
      message: (p) => `${capitalise(formValue(p.value))} is not one of the choices.${p.guess ? ` Perhaps ${quoted(p.guess)}?` : ''}`,
      hint: (p) => `Choose ${p.allowed.length === 1 ? '' : 'one of '}${p.allowed.map(formValue).join(', ')}.`,
    },
  }),
  BAD_FORMAT: entry<{ field: FieldPath; value: string; rule: string | undefined; example: unknown }>({
    title: 'A value written in the wrong form',
    message: (p) => `${Field(p)} is written as ${written(p.value)}, which is not in the right form.`,
    hint: (p) => p.rule ?? `Write it${suchAs(p.example) || ' in the form the schema describes'}.`,
    form: {
      message: (p) => `${quoted(p.value)} is not written in the form this field takes.`,
      // The rule is the schema's sentence for JSON authors; beside the field, its help says the same in the person's words.
      hint: (p) => `Write it the way the words under the field describe${formSuchAs(p.example)}.`,
    },
  }),
  BAD_PROPERTY_NAME: entry<{ field: FieldPath; name: string; rule: string | undefined }>({
    title: 'A name written in the wrong form',
    message: (p) => `The name ${JSON.stringify(p.name)} in ${fieldName(p.field)} is not written in the right form.`,
    hint: (p) => p.rule ?? 'Rename it in the form the other names use.',
    form: {
      message: (p) => `The name ${quoted(p.name)} is not written in the form these names take.`,
      hint: () => 'Write it as the other names here are written.',
    },
  }),
  LINK_NOT_HTTPS: entry<{ field: FieldPath; value: string }>({
    title: 'A link to an insecure http:// address',
    message: (p) => `${Field(p)} is written as ${written(p.value)}, an insecure http:// address.`,
    hint: (p) => `Write https:// instead of http:// (${p.value.replace(/^http:/i, 'https:')}); links to insecure addresses are not allowed.`,
    form: {
      message: () => 'This address starts with http://, which is not secure.',
      hint: (p) => `Write it with https:// instead: ${p.value.replace(/^http:/i, 'https:')}.`,
    },
  }),
  LINK_RUNS_SCRIPT: entry<{ field: FieldPath; value: string }>({
    title: 'A link that runs a script',
    message: (p) => `${Field(p)} is written as ${written(p.value)}, a link that runs a script.`,
    hint: () => 'Links that run scripts are not allowed. Link to a page of this site (such as /courses) or an https:// address.',
    form: {
      message: () => 'This link would run a script, which the site does not allow.',
      hint: () => 'Link to a page of this site (choose one from the list) or to an address starting https://.',
    },
  }),
  NOT_AN_EMAIL: entry<{ field: FieldPath; value: unknown; example: unknown }>({
    title: 'An e-mail address that is not one',
    message: (p) => `${Field(p)} must be an e-mail address; ${describeValue(p.value)} is not.`,
    hint: (p) => `Write one address${suchAs(p.example ?? 'name@example.com')}: a name, @ and a domain, with no spaces.`,
    form: {
      message: (p) => `${capitalise(formValue(p.value))} is not an e-mail address.`,
      hint: (p) => `Write one address${formSuchAs(p.example ?? 'name@example.com')}: a name, @ and a domain, with no spaces.`,
    },
  }),
  NOT_A_DATE: entry<{ field: FieldPath; value: unknown; example: unknown }>({
    title: 'A date that is not written year-month-day',
    message: (p) => `${Field(p)} must be a valid date written year-month-day; ${describeValue(p.value)} is not.`,
    hint: (p) => `Write the date as YYYY-MM-DD,${suchAs(p.example ?? '2025-03-05')}.`,
    form: {
      message: (p) => `${capitalise(formValue(p.value))} is not a date written year-month-day.`,
      hint: (p) => `Write the year, the month and the day with dashes${formSuchAs(p.example ?? '2025-03-05')}.`,
    },
  }),
  EMPTY_TEXT: entry<{ field: FieldPath; example: unknown }>({
    title: 'Text that is empty',
    message: (p) => `${Field(p)} is empty.`,
    hint: (p) => `Write the text${suchAs(p.example)}, or remove the property if it is optional.`,
    form: {
      message: () => 'This is empty.',
      hint: (p) => `Write the text${formSuchAs(p.example)}, or remove it if it is optional.`,
    },
  }),
  TEXT_TOO_SHORT: entry<{ field: FieldPath; limit: number; example: unknown }>({
    title: 'Text that is too short',
    message: (p) => `${Field(p)} is too short: it needs at least ${p.limit} characters.`,
    hint: (p) => `Write a fuller text${suchAs(p.example)}.`,
    form: {
      message: (p) => `This is too short: it needs at least ${p.limit} characters.`,
      hint: (p) => `Write a fuller text${formSuchAs(p.example)}.`,
    },
  }),
  TEXT_TOO_LONG: entry<{ field: FieldPath; length: number; limit: number }>({
    title: 'Text that is too long',
    message: (p) => `${Field(p)} is ${p.length} characters long; at most ${p.limit} fit.`,
    hint: () => 'Shorten the text.',
    form: {
      message: (p) => `This is ${p.length} characters long; at most ${p.limit} fit.`,
      hint: () => 'Shorten it.',
    },
  }),
  PLACEHOLDER_MISSING: entry<{ field: FieldPath; missing: string[]; unknown: string[]; example: string | undefined }>({
    title: 'A text that has lost a {placeholder} the site fills in',
    message: (p) =>
      `${Word(p)} does not hold ${braced(p.missing)}, which the site fills in${p.unknown.length ? `; it holds ${braced(p.unknown)} instead, which the site does not know` : ''}.`,
    hint: (p) =>
      p.missing.length === 1 && p.unknown.length === 1
        ? `Write {${p.missing[0]}} in place of {${p.unknown[0]}}, spelt exactly so.`
        : `Put ${braced(p.missing)} back where ${p.missing.length === 1 ? 'its value belongs' : 'their values belong'}, spelt exactly so with the braces${p.example ? `, as in ${written(p.example)}` : ''}.`,
    form: {
      message: (p) =>
        `This text has lost ${braced(p.missing)}, which the site fills in when it shows it${p.unknown.length ? `; it holds ${braced(p.unknown)} instead, which the site does not know` : ''}.`,
      hint: (p) =>
        p.missing.length === 1 && p.unknown.length === 1
          ? `Write {${p.missing[0]}} in place of {${p.unknown[0]}}, spelt exactly so.`
          : `Put ${braced(p.missing)} back where ${p.missing.length === 1 ? 'its value belongs' : 'their values belong'}, spelt exactly so with the braces${p.example ? `, as in ${quoted(p.example)}` : ''}.`,
    },
  }),
  PLACEHOLDER_UNKNOWN: entry<{ field: FieldPath; unknown: string[]; allowed: string[]; guess: string | undefined }>({
    title: 'A {placeholder} the site does not fill in',
    message: (p) =>
      `${Word(p)} holds ${braced(p.unknown)}, which the site does not fill in here: visitors would see ${p.unknown.length === 1 ? 'it' : 'them'} as written.`,
    hint: (p) =>
      p.guess
        ? `Write {${p.guess}}.`
        : p.allowed.length
          ? `The site fills in ${braced(p.allowed)} here; use ${p.allowed.length === 1 ? 'it' : 'one of them'}, or write the words without braces.`
          : 'The site fills in nothing here: write the words without braces.',
    form: {
      message: (p) =>
        `This text holds ${braced(p.unknown)}, which the site does not fill in here: visitors would see ${p.unknown.length === 1 ? 'it' : 'them'} as written.`,
      hint: (p) =>
        p.guess
          ? `Write {${p.guess}}.`
          : p.allowed.length
            ? `The site fills in ${braced(p.allowed)} here; use ${p.allowed.length === 1 ? 'it' : 'one of them'}, or write the words without braces.`
            : 'The site fills in nothing here: write the words without braces.',
    },
  }),
  OUT_OF_RANGE: entry<{ field: FieldPath; value: number; bound: keyof typeof bounds; limit: number; example: unknown }>({
    title: 'A number outside the allowed range',
    message: (p) => `${Field(p)} is ${p.value}, but it must be ${bounds[p.bound]} ${p.limit}.`,
    hint: (p) => `Use a number${suchAs(p.example)}.`,
    form: {
      message: (p) => `This is ${p.value}, but it must be ${bounds[p.bound]} ${p.limit}.`,
      hint: (p) => `Write a number${formSuchAs(p.example)}.`,
    },
  }),
  TOO_FEW_ITEMS: entry<{ field: FieldPath; count: number; limit: number }>({
    title: 'A list with too few items',
    message: (p) => `${Field(p)} has ${p.count} ${p.count === 1 ? 'item' : 'items'}; it needs at least ${p.limit}.`,
    hint: () => 'Add items to the list, or remove the property if it is optional.',
    form: {
      message: (p) => `This list has ${p.count} ${p.count === 1 ? 'item' : 'items'}; it needs at least ${p.limit}.`,
      hint: () => 'Add one with the + Add button under the list.',
    },
  }),
  TOO_MANY_ITEMS: entry<{ field: FieldPath; count: number; limit: number }>({
    title: 'A list with too many items',
    message: (p) => `${Field(p)} has ${p.count} items; at most ${p.limit} fit.`,
    hint: () => 'Remove items from the list.',
    form: {
      message: (p) => `This list has ${p.count} items; at most ${p.limit} fit.`,
      hint: () => 'Remove items with their ✕ button.',
    },
  }),
  DUPLICATE_ITEM: entry<{ field: FieldPath; item: unknown; first: number; second: number }>({
    title: 'The same item twice in a list',
    message: (p) => `${Field(p)} lists ${JSON.stringify(p.item)} twice (items ${p.first} and ${p.second}).`,
    hint: () => 'Keep each item once.',
    form: {
      message: (p) => `${capitalise(formValue(p.item))} is in this list twice (items ${p.first} and ${p.second}).`,
      hint: () => 'Keep it once: remove the other with its ✕ button.',
    },
  }),
  INVALID_CONTENT: entry<{ field: FieldPath; description: string | undefined; rule: string | undefined }>({
    title: 'A value that breaks a schema rule the messages have no words for yet',
    message: (p) => `${Field(p)} does not match what is expected here${p.description ? `: ${p.description}` : '.'}`,
    hint: (p) => `Compare it with the examples your editor shows for this property${p.rule ? `; the schema says it ${p.rule}` : ''}.`,
    form: {
      message: (p) => `This does not match what is expected here${p.description ? `: ${p.description}` : '.'}`,
      hint: (p) => `Compare it with the example in the field${p.rule ? `; it ${p.rule}` : ''}.`,
    },
  }),

  // Between files (engine/content/crossFileRules.ts, validateContent.ts).
  DUPLICATE_PATH: entry<{ address: string; owner: string }>({
    title: 'Two pages with the same address',
    message: (p) => `The address ${JSON.stringify(p.address)} is already used by ${p.owner} (addresses are compared without regard to capital letters).`,
    hint: () => 'Give this page a different path, or remove the duplicate alias.',
    form: {
      message: (p) => `Another page already has the address ${p.address} (capital letters do not make addresses different).`,
      hint: () => 'Give this page an address of its own.',
    },
  }),
  DUPLICATE_ID: entry<{ id: string | number; owner: string }>({
    title: 'Two items with the same id',
    message: (p) => `The id ${JSON.stringify(p.id)} is already used by another item in ${p.owner}; ids must be unique.`,
    hint: () => 'Give this item an id of its own.',
    form: {
      message: (p) => `Another item of this list already has the short name ${quoted(String(p.id))}.`,
      hint: () => 'Give this item a short name of its own.',
    },
  }),
  UNKNOWN_REFERENCE: entry<{ value: string | number; source: string; guess: string | undefined }>({
    title: 'An id that points at nothing',
    message: (p) => `${JSON.stringify(p.value)} is not the id of anything in ${p.source}.${didYouMean(p.guess)}`,
    hint: (p) =>
      p.guess
        ? `Write ${JSON.stringify(typeof p.value === 'number' ? Number(p.guess) : p.guess)}.`
        : `Use an id that exists in ${p.source}, or add the item there first.`,
    form: {
      message: (p) => `${quoted(String(p.value))} is not one of the ${collectionWords(p.source)}.${p.guess ? ` Perhaps ${quoted(p.guess)}?` : ''}`,
      hint: (p) => (p.guess ? `Write ${quoted(p.guess)}, or choose from the list that opens as you type.` : 'Choose one from the list that opens as you type.'),
    },
  }),
  DEAD_LINK: entry<{ link: string; guess: string | undefined }>({
    title: 'A link to a page that does not exist',
    message: (p) => `The link ${JSON.stringify(p.link)} leads to no page of this site and no file in public/.${didYouMean(p.guess)}`,
    hint: (p) =>
      p.guess ? `Write ${JSON.stringify(p.guess)}.` : 'Link to the path of an existing page (see the "path" of the files in pages/), or add the page first.',
    form: {
      message: (p) => `No page of the site has the address ${p.link}.${p.guess ? ` Perhaps ${p.guess}?` : ''}`,
      hint: (p) => `Choose a page from the list that opens as you type${p.guess ? `, such as ${p.guess}` : ''}, or add the page first.`,
    },
  }),
  UNKNOWN_ROLE_IN_LINK: entry<{ link: string; role: string; page: string; guess: string | undefined }>({
    title: 'A link to a role that its page does not have',
    message: (p) => `The link ${JSON.stringify(p.link)} asks for the role "${p.role}", which ${p.page} does not have.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write role=${p.guess}.` : `Use the "id" of one of the roles in ${p.page}.`),
    form: {
      message: (p) => `The link ${p.link} asks for a role, ${quoted(p.role)}, that its page does not have.${p.guess ? ` Perhaps ${quoted(p.guess)}?` : ''}`,
      hint: (p) =>
        p.guess ? `Write ${p.link.replace(`role=${p.role}`, () => `role=${p.guess}`)} instead.` : 'Use the short name of one of the roles of that page.',
    },
  }),
  MISSING_ANCHOR: entry<{ link: string; id: string; page: string | undefined }>({
    title: 'A link to a part of a page that does not exist',
    message: (p) => `${p.page ?? 'This page'} has no section with the id "${p.id}", so the link ${p.link} goes nowhere.`,
    hint: (p) => `Add "id": "${p.id}" to the section of ${p.page ?? 'this page'} it should jump to, or fix the link.`,
    form: {
      message: (p) =>
        `The link ${p.link} jumps to a part of ${p.page ? 'its page' : 'this page'} that is not there: no section has the short name ${quoted(p.id)}.`,
      hint: (p) => `Give the section it should jump to the short name ${quoted(p.id)}, or change the link.`,
    },
  }),
  MISSING_FILE: entry<{ file: string; folder: string; kind: string; guess: string | undefined }>({
    title: 'An image or file that does not exist',
    message: (p) => `There is no file public${p.file}.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write ${JSON.stringify(p.guess)}.` : `Put the ${p.kind} in public${p.folder}/ (names are case-sensitive), or fix the path.`),
    form: {
      message: (p) => `There is no ${p.kind} ${p.file}.${p.guess ? ` Perhaps ${p.guess}?` : ''}`,
      hint: () => 'Choose one with the Choose… button, or upload it there.',
    },
  }),
  UNKNOWN_SETTING: entry<{ name: string; guess: string | undefined; names: string[] }>({
    title: 'A setting: link that data/site.json does not define',
    message: (p) => `data/site.json has no link called "${p.name}".${didYouMean(p.guess && `setting:${p.guess}`)}`,
    hint: (p) =>
      p.guess
        ? `Write "setting:${p.guess}".`
        : `Add "${p.name}" under "links" in data/site.json, or use one of: ${p.names.map((n) => `setting:${n}`).join(', ')}.`,
    form: {
      message: (p) => `The site settings keep no link called ${quoted(humanise(p.name))}.${p.guess ? ` Perhaps ${quoted(humanise(p.guess))}?` : ''}`,
      hint: () => 'Choose one of the links the site settings keep, from the list that opens as you type, or add it to the site settings first.',
    },
  }),
  UNKNOWN_MENU: entry<{ what: 'menu' | 'footer column'; value: string; guess: string | undefined; ids: string[] }>({
    title: 'A menu or footer column that data/site.json does not define',
    message: (p) => `data/site.json has no ${p.what} "${p.value}".${didYouMean(p.guess)}`,
    hint: (p) => `Use one of: ${p.ids.join(', ')}.`,
    form: {
      message: (p) => `The site has no ${p.what} ${quoted(p.value)}.${p.guess ? ` Perhaps ${quoted(p.guess)}?` : ''}`,
      hint: (p) => `Choose one of: ${p.ids.map((id) => quoted(id)).join(', ')}.`,
    },
  }),

  // Rules about data (engine/content/entityRules.ts) and sections (each type's definition.ts, roleRules.ts).
  FILE_ID_MISMATCH: entry<{ id: string; fileId: string }>({
    title: 'An id that differs from its file name',
    message: (p) => `The id "${p.id}" differs from the file name ${p.fileId}.json; pages find a course by its file name.`,
    hint: (p) => `Write "id": "${p.fileId}", or rename the file to ${p.id}.json.`,
    form: {
      message: (p) => `The short name must be ${quoted(p.fileId)}, the name this course is kept under, not ${quoted(p.id)}.`,
      hint: (p) => `Write ${quoted(p.fileId)}.`,
    },
  }),
  PRICE_ORDER: entry<{ field: keyof typeof prices; price: number; usual: number }>({
    title: 'A price higher than the usual price it is shown against',
    message: (p) => `The ${prices[p.field].name} ${p.price} is higher than the ${prices[p.field].usualName} ${p.usual}.`,
    hint: (p) =>
      `"${p.field}" is the lower price students pay and "${prices[p.field].usual}" the usual, higher one; swap the two if they are the wrong way round.`,
    form: {
      message: (p) => `The ${prices[p.field].name} (${p.price}) is higher than the ${prices[p.field].usualName} (${p.usual}).`,
      hint: (p) =>
        `The ${prices[p.field].name} is what students pay, lower than the ${prices[p.field].usualName}; swap the two if they are the wrong way round.`,
    },
  }),
  DEFAULT_ROLE_MISSING: entry<{ value: string; guess?: string | undefined; ids: string[] }>({
    title: 'A default role that is not in the list of roles',
    message: (p) => `The default role "${p.value}" is not one of this page's roles.${didYouMean(p.guess)}`,
    hint: (p) => (p.guess ? `Write "defaultRole": "${p.guess}".` : `Use the id of one of the roles: ${quoteList(p.ids)}.`),
    form: {
      message: (p) => `${quoted(p.value)} is not one of this page's roles.${p.guess ? ` Perhaps ${quoted(p.guess)}?` : ''}`,
      hint: (p) => `Write the short name of one of the roles: ${p.ids.map((id) => quoted(id)).join(', ')}.`,
    },
  }),
  DUPLICATE_ROLE: entry<{ id: string; list: string }>({
    title: 'Two roles with the same id on one page',
    message: (p) => `Two roles on this page have the id "${p.id}"; the ${p.list} list could not tell them apart.`,
    hint: () => 'Give each role its own id.',
    form: {
      message: (p) => `Two roles on this page have the short name ${quoted(p.id)}; the ${p.list} list could not tell them apart.`,
      hint: () => 'Give each role a short name of its own.',
    },
  }),
  MIN_ABOVE_MAX: entry<{ what: string; min: number; max: number }>({
    title: 'A range whose smallest value is larger than its largest',
    message: (p) => `The ${p.what} runs from ${p.min} to ${p.max}: min is larger than max.`,
    hint: (p) => `Swap the two numbers: "min": ${p.max}, "max": ${p.min}.`,
    form: {
      message: (p) => `The ${p.what} runs from ${p.min} to ${p.max}: the lowest is above the highest.`,
      hint: (p) => `Swap the two: from ${p.max} to ${p.min}.`,
    },
  }),
  // Texts a scaffold wrote for the author to replace (engine/content/templateMarks.ts): a warning while editing, an error in a production build.
  TEMPLATE_TEXT: entry<{ field: FieldPath; text: string }>({
    title: "A text still holding the template's ✎ placeholder",
    message: (p) => `${Field(p)} is still the template's placeholder text: ${written(p.text)}.`,
    hint: () => 'Write the real text in its place, without the ✎; the site would show the placeholder to visitors as it is.',
    form: {
      message: () => 'This is still the template’s suggestion, marked ✎.',
      hint: () => 'Write the real text in its place, without the ✎: visitors would see the suggestion as it is.',
    },
  }),
  // Links not finished yet (engine/content/placeholderLinks.ts): a warning while editing, an error in a production build and when publishing.
  PLACEHOLDER_LINK: entry<{ field: FieldPath; value: string; reason: 'marked' | 'example' }>({
    title: 'A link that is a placeholder, not the real address',
    message: (p) =>
      `${Field(p)} is ${p.reason === 'marked' ? 'marked as a placeholder' : 'an example address'}: ${written(p.value)} is not the real address yet.`,
    hint: (p) =>
      p.reason === 'marked'
        ? 'Write the real address in its place, without "placeholder:" in front; a production build refuses the link until then.'
        : 'Write the real address; a production build refuses example addresses (example.com, .test, …) and addresses that call themselves placeholders.',
    form: {
      message: (p) => `This is not the real address yet: ${quoted(p.value)} is ${p.reason === 'marked' ? 'marked as a placeholder' : 'only an example'}.`,
      hint: () => 'Paste the real address here (it starts with https://); the site cannot be published while a link is a placeholder.',
    },
  }),
  // A page (or data) using a site link that is still a placeholder, new or changed since the live release: what stops a publish (placeholderStops).
  PLACEHOLDER_LINK_USED: entry<{ field: FieldPath; link: string; value: string }>({
    title: 'A new or changed page that uses a link still a placeholder',
    message: (p) =>
      `${Field(p)} uses the site's link ${p.link}, which is still a placeholder (${written(p.value)}): this page cannot be published until the link is real.`,
    hint: (p) =>
      `An owner writes ${p.link}'s real address in data/site.json (Site settings in the editor), without "placeholder:"; or link this field to another address. Other pages are not held back.`,
    form: {
      message: (p) => `This uses the link “${p.link}”, which is not the real address yet (${quoted(p.value)}), so this page cannot be published.`,
      hint: (p) =>
        `Ask whoever looks after Site settings to write the real address of “${p.link}”, or choose another link here. Pages that do not use it are published as usual.`,
    },
  }),
  // Translations (engine/content/translation/checkTranslations.ts): a text in another language beside its English.
  TRANSLATION_WITHOUT_ENGLISH: entry<{ english: string }>({
    title: 'A translation with no English document beside it',
    message: (p) => `This translation has no English document: ${p.english} does not exist, so there is nothing for it to translate.`,
    hint: (p) => `Rename it after the English document it translates (law.json → law.hi.json), or delete it if ${p.english} was removed on purpose.`,
    form: {
      message: () => 'This translation belongs to a page that no longer exists.',
      hint: () => 'Ask whoever edits the site’s files to remove it or give it the name of the page it translates.',
    },
  }),
  TRANSLATION_NOT_A_TEXT: entry<{ english: string; pointer: string; text: string }>({
    title: 'A translation that gives something other than a text',
    message: (p) =>
      `${p.pointer} is not a text of ${p.english}, so it cannot be translated: figures, prices, stipends, links, ids and dates come from the English document only, in every language.`,
    hint: (p) => `Remove this entry (${written(p.text)}); change the value in ${p.english} if it is wrong there, and every language shows the change.`,
    form: {
      message: () => 'This is not a text: figures, prices, links and dates are the same in every language.',
      hint: () => 'Change it in English; every language shows the change.',
    },
  }),
  TRANSLATION_MISSING: entry<{ english: string; pointer: string }>({
    title: 'A text not translated yet',
    message: (p) => `The translation of ${written(p.english)} (${p.pointer}) is not written yet.`,
    hint: () =>
      'Write it in "text" (npm run translate -- hi <the English file> adds every text the translation lacks, empty); a page is shown in its language only when every text is.',
    form: {
      message: (p) => `Not translated yet: ${quoted(p.english)}.`,
      hint: () => 'Write it in the box beside the English; the page is shown in this language once every text is.',
    },
  }),
  TRANSLATION_CHANGES_A_FIGURE: entry<{ english: string; text: string; figures: string[]; written: string[] }>({
    title: 'A translation that changes a figure',
    message: (p) =>
      `The translation ${written(p.text)} says ${p.written.length ? p.written.join(', ') : 'no figure'} where the English ${written(p.english)} says ${p.figures.length ? p.figures.join(', ') : 'none'}: a translation may not change a figure.`,
    hint: () =>
      'Write the same figures as the English, in the same digits (₹15,000 stays ₹15,000); to change a figure, change the English and every language follows.',
    form: {
      message: (p) => `The figures differ from the English (${p.figures.join(', ') || 'none'}): a translation may not change a figure.`,
      hint: () => 'Write the same figures as the English; to change one, change the English.',
    },
  }),
  TRANSLATION_PLACEHOLDERS: entry<{ english: string; text: string; placeholders: string[] }>({
    title: 'A translation that drops or changes a {placeholder}',
    message: (p) =>
      `The translation ${written(p.text)} must keep the placeholders the site fills in, as the English ${written(p.english)} does: ${p.placeholders.map((n) => `{${n}}`).join(', ') || 'none'}, and no others.`,
    hint: () => 'Copy each {name} from the English exactly as it is written, and build the sentence around it.',
    form: {
      message: (p) => `Keep the parts in braces exactly as the English has them: ${p.placeholders.map((n) => `{${n}}`).join(', ') || 'none'}.`,
      hint: () => 'The site fills them in; copy each one from the English as it is.',
    },
  }),
  TRANSLATION_STALE: entry<{ was: string; now: string; text: string }>({
    title: 'A translation whose English has changed',
    message: (p) =>
      `The English changed since this was translated: it was ${written(p.was)}, it is now ${written(p.now)}. The translation ${written(p.text)} is still shown.`,
    hint: () =>
      'Look at the translation against the new English, change it if it needs to, then copy the new English into "source" (the editor does both with one click).',
    form: {
      message: (p) => `The English changed since this was translated (it was ${quoted(p.was)}).`,
      hint: () => 'Check the translation against the new English and change it if it needs to, then mark it as checked.',
    },
  }),
  ROW_LENGTH: entry<{ row: number; values: number; columns: string[] }>({
    title: 'A table row with more or fewer values than the table has columns',
    message: (p) => `Row ${p.row} has ${p.values} values but the table has ${p.columns.length} columns.`,
    hint: (p) => `Give every row exactly ${p.columns.length} values, one per column in order: ${p.columns.join(', ')}.`,
    form: {
      message: (p) => `Row ${p.row} has ${p.values} values but the table has ${p.columns.length} columns.`,
      hint: (p) => `Give every row one value per column, in order: ${p.columns.join(', ')}.`,
    },
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
  /** The problem in the words of the content editor's form, shown beside its field (see ProblemEntry.form). */
  form: { message: string; hint?: string };
  /** For merging related problems (not shown): the property a problem is about, and the name suggested for it. */
  about?: { property?: string; suggestion?: string };
}

/** A problem of this kind at this place, worded by the catalogue. */
export function problem<C extends ProblemCode>(code: C, place: ProblemPlace, params: ProblemParams<C>): Problem {
  const { message, hint, about, form } = problemCatalogue[code] as ProblemEntry<ProblemParams<C>>;
  const hintText = hint?.(params);
  const aboutIt = about?.(params);
  const formHint = form.hint?.(params);
  return {
    code,
    ...place,
    message: message(params),
    ...(hintText ? { hint: hintText } : {}),
    form: { message: form.message(params), ...(formHint ? { hint: formHint } : {}) },
    ...(aboutIt ? { about: aboutIt } : {}),
  };
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
