/**
 * Words the catalogue's messages share: how a value, a place in a document, an
 * example and a guess are named. Only engine/content/problems.ts words problems.
 */
export { quoteList } from '../shared/didYouMean.ts';

/** A value's place in a document: property names and list positions from the root, as in a JSON pointer. */
export type FieldPath = readonly string[];

const expectedWords: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text in double quotes',
  boolean: 'true or false',
  array: 'a list in [ ]',
  object: 'a group of properties in { }',
  null: 'null',
};

/** "a whole number or text in double quotes", from JSON Schema type names. */
export function expectedKinds(types: readonly string[]): string {
  return types.map((t) => expectedWords[t] ?? t).join(' or ');
}

export function truncate(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the text ${JSON.stringify(truncate(value))}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return 'a group of properties';
}

/** How a message names the value at a path: "stipend", or item 3 of "roles". */
export function fieldName(field: FieldPath): string {
  const last = field[field.length - 1];
  if (last === undefined) return 'this file';
  if (/^\d+$/.test(last)) {
    const parent = field[field.length - 2];
    return parent === undefined ? `item ${Number(last) + 1}` : `item ${Number(last) + 1} of "${parent}"`;
  }
  return `"${last}"`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** ' such as 6000' when the schema gives an example, else nothing. */
export function suchAs(example: unknown): string {
  return example === undefined ? '' : ` such as ${JSON.stringify(example)}`;
}

/** ' Did you mean "title"?' when a close enough name was found, else nothing. */
export function didYouMean(guess: string | undefined): string {
  return guess ? ` Did you mean ${JSON.stringify(guess)}?` : '';
}

/**
 * The same facts in the words of the content editor's form, where a problem is shown beside its field: no property
 * names, file paths or line numbers (the form says where), values in typographic quotes.
 */
const formKindWords: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  null: 'nothing',
};

export function formKinds(types: readonly string[]): string {
  return types.map((t) => formKindWords[t] ?? t).join(' or ');
}

/** “6000/month”: a value the person wrote, quoted as a sentence quotes it. */
export function quoted(value: unknown): string {
  return `“${truncate(typeof value === 'string' ? value : JSON.stringify(value), 60)}”`;
}

export function formValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'an empty text' : quoted(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return 'a group of fields';
}

/** ' such as 6000' in the form's words (an example text in typographic quotes). */
export function formSuchAs(example: unknown): string {
  if (example === undefined) return '';
  return ` such as ${typeof example === 'string' ? quoted(example) : typeof example === 'number' ? String(example) : quoted(example)}`;
}

/** "durationWeeks" → "Duration weeks": how the form labels a field it has no label written for. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "data/testimonials.json" or "data/courseDetails/" → "testimonials", "course details": a list of items as a person names it. */
export function collectionWords(source: string): string {
  const name = source.replace(/^data\//, '').replace(/(\.json|\/)$/, '');
  return humanise(name).toLowerCase();
}
