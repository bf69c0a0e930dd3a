/**
 * schemas/uiText.schema.json, the schema of the UI words (data/site.json's "ui"),
 * written from the words themselves and one line each in
 * schemas/uiText.descriptions.json. Every word is required and a non-empty text
 * (common.schema.json's rules), its example is the word as shipped, and the
 * {placeholders} its line names are ones it must keep ("x-placeholders").
 * Adding a word is writing it in data/site.json and its line, then
 * `npm run codegen`.
 */
import fs from 'node:fs';
import path from 'node:path';

export const UI_TEXT_SCHEMA = 'schemas/uiText.schema.json';
export const UI_TEXT_DESCRIPTIONS = 'schemas/uiText.descriptions.json';

type Json = Record<string, unknown>;

/** What schemas/uiText.descriptions.json holds: words and groups are named by their path in "ui", such as "verify.notFound". */
interface UiTextSource {
  /** The description of "ui" itself. */
  ui: string;
  /** Generated type names of groups other than Ui + the group's name (UiVerify). */
  titles: Record<string, string>;
  /** Words that are not plain text: "paragraph" (a text), "paragraphs" (a list of them). */
  kinds: Record<string, 'paragraph' | 'paragraphs'>;
  /** Placeholders a word's line names that the site fills in but the word need not hold. */
  optionalPlaceholders: Record<string, string[]>;
  descriptions: Record<string, string>;
}

const COMMON = 'common.schema.json#/$defs';

/** The {name}s a description names, in order, once each: the placeholders the site fills in for that word. */
export function namedPlaceholders(description: string): string[] {
  return [...new Set([...description.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
/** A counted word ({"one": …, "other": …}) is one word, not a group. */
const isCounted = (value: Json) => Object.keys(value).sort().join() === 'one,other' && typeof value['one'] === 'string' && typeof value['other'] === 'string';
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function readJson(root: string, rel: string, what: string): unknown {
  const file = path.join(root, rel);
  if (!fs.existsSync(file)) throw new Error(`${rel} is missing; ${what}`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`${rel} cannot be read as JSON (${(error as Error).message}); ${what}`);
  }
}

/** The schema's text, or an Error listing every word without a line, every line without a word and every word of an unknown kind. */
export function uiTextSchema(root: string): string {
  const site = readJson(root, 'data/site.json', 'the UI words\' schema is written from its "ui" (npm run validate says what is wrong).');
  const source = readJson(root, UI_TEXT_DESCRIPTIONS, 'it holds the description of every UI word.') as UiTextSource;
  const ui = isObject(site) ? site['ui'] : undefined;
  if (!isObject(ui)) throw new Error('data/site.json has no "ui" group of words; the UI words\' schema is written from it.');

  const problems: string[] = [];
  const used = new Set<string>();
  const describe = (key: string, what = 'UI word'): string => {
    used.add(key);
    const description = source.descriptions?.[key];
    if (typeof description === 'string' && description.trim()) return description;
    problems.push(
      `data/site.json has the ${what} "${key}", but ${UI_TEXT_DESCRIPTIONS} has no line for it: add "${key}": "<what it is for; name each {placeholder} the site fills in>" under "descriptions".`,
    );
    return '';
  };

  const word = (key: string, value: unknown): Json => {
    const description = describe(key);
    const kind = source.kinds?.[key];
    let node: Json | undefined;
    if (typeof value === 'string' && kind !== 'paragraphs') node = { $ref: `${COMMON}/${kind === 'paragraph' ? 'paragraph' : 'text'}` };
    else if (isObject(value) && isCounted(value) && kind === undefined) node = { $ref: `${COMMON}/countedText` };
    else if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string') && kind !== 'paragraph')
      node = kind === 'paragraphs' ? { type: 'array', minItems: 1, items: { $ref: `${COMMON}/paragraph` } } : { $ref: `${COMMON}/textList` };
    if (!node) {
      problems.push(
        kind
          ? `${UI_TEXT_DESCRIPTIONS} says "${key}" is ${kind === 'paragraph' ? 'a paragraph (a text)' : 'a list of paragraphs'}, but data/site.json's word is not: correct the word or remove it from "kinds".`
          : `data/site.json's UI word "${key}" is ${JSON.stringify(value)}: a word is a text, a list of texts, or a counted word {"one": …, "other": …}.`,
      );
      return {};
    }
    const named = namedPlaceholders(description);
    const optional = source.optionalPlaceholders?.[key] ?? [];
    for (const name of optional) {
      if (!named.includes(name))
        problems.push(`${UI_TEXT_DESCRIPTIONS} lists {${name}} as optional for "${key}", but its line does not name it: name it there and say what it is.`);
    }
    return {
      ...node,
      description,
      examples: [value],
      'x-placeholders': named.filter((name) => !optional.includes(name)),
      ...(optional.length ? { 'x-optional-placeholders': optional } : {}),
    };
  };

  const group = (segments: string[], value: Json): Json => {
    const key = segments.join('.');
    const properties: Json = {};
    for (const [name, child] of Object.entries(value)) {
      const childKey = [...segments, name].join('.');
      properties[name] = isObject(child) && !isCounted(child) ? group([...segments, name], child) : word(childKey, child);
    }
    const description = segments.length ? describe(key, 'group of UI words') : source.ui;
    return {
      title: segments.length ? (source.titles?.[key] ?? `Ui${segments.map(pascal).join('')}`) : 'UiText',
      description,
      type: 'object',
      additionalProperties: false,
      required: Object.keys(value),
      properties,
      examples: [value],
    };
  };

  const schema = group([], ui);
  if (typeof source.ui !== 'string' || !source.ui.trim()) problems.push(`${UI_TEXT_DESCRIPTIONS} needs "ui": the description of the whole group of words.`);
  for (const [map, entries] of Object.entries({
    descriptions: source.descriptions,
    titles: source.titles,
    kinds: source.kinds,
    optionalPlaceholders: source.optionalPlaceholders,
  })) {
    for (const key of Object.keys(entries ?? {})) {
      if (!used.has(key))
        problems.push(
          `${UI_TEXT_DESCRIPTIONS} has "${key}" under "${map}", but data/site.json's "ui" has no such word or group: remove the line, or add the word.`,
        );
    }
  }
  if (problems.length) throw new Error(`${problems.join('\n')}\nThen run \`npm run codegen\`.`);

  const document = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $comment: `Generated by npm run codegen from the words of data/site.json's "ui" and their descriptions in ${UI_TEXT_DESCRIPTIONS}; do not edit by hand.`,
    ...schema,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Rewrites schemas/uiText.schema.json when the words changed (the content editor does after saving data/site.json); true when it wrote. */
export function writeUiTextSchema(root: string): boolean {
  const text = uiTextSchema(root);
  const file = path.join(root, UI_TEXT_SCHEMA);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
  fs.writeFileSync(file, text);
  return true;
}
