import type { ErrorObject } from 'ajv';
import { didYouMean, quoteList } from '../shared/didYouMean.ts';
import { locate, locateKey, type JsonSource } from './jsonSource.ts';
import { fromPointer } from '../shared/jsonPointer.ts';
import type { Problem } from './problems.ts';
import type { SchemaStore } from '../shared/schemaStore.ts';
import { allowedProperties, first, humanTitle, schemaAt, type SchemaView } from './schemaWalker.ts';

const expectedWords: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text in double quotes',
  boolean: 'true or false',
  array: 'a list in [ ]',
  object: 'a group of properties in { }',
  null: 'null',
};

function truncate(text: string, max = 40): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
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
export function fieldName(segments: readonly string[]): string {
  const last = segments[segments.length - 1];
  if (last === undefined) return 'this file';
  if (/^\d+$/.test(last)) {
    const parent = segments[segments.length - 2];
    return parent === undefined ? `item ${Number(last) + 1}` : `item ${Number(last) + 1} of "${parent}"`;
  }
  return `"${last}"`;
}

function example(view: SchemaView | undefined): unknown {
  const examples = first<unknown[]>(view, 'examples');
  return Array.isArray(examples) ? examples[0] : undefined;
}

function exampleText(view: SchemaView | undefined): string {
  const value = example(view);
  return value === undefined ? '' : ` such as ${JSON.stringify(value)}`;
}

interface Context {
  store: SchemaStore;
  schemaRel: string;
  source: JsonSource;
}

export function explainAjvError(error: ErrorObject, cxt: Context): Problem {
  const segments = fromPointer(error.instancePath);
  const at = schemaAt(cxt.store, cxt.schemaRel, cxt.source.value, segments);
  const view = at?.view;
  const field = fieldName(segments);
  const base = { file: cxt.source.file, pointer: error.instancePath };
  const position = (target: 'value' | 'key' = 'value') => locate(cxt.source, segments, target);
  const params = error.params as Record<string, unknown>;

  switch (error.keyword) {
    case 'required': {
      const missing = String(params['missingProperty']);
      const child = schemaAt(cxt.store, cxt.schemaRel, cxt.source.value, [...segments, missing]);
      const what = first<string>(child?.view, 'description');
      const thing = humanTitle(view) ?? 'group';
      const sample = example(child?.view);
      return {
        ...base, code: 'MISSING_PROPERTY', ...position('key'),
        message: `This ${thing} needs "${missing}"${what ? `: ${what}` : '.'}`,
        hint: `Add "${missing}": ${sample === undefined ? '…' : JSON.stringify(sample)}`,
        about: { property: missing },
      };
    }
    case 'additionalProperties': {
      const extra = String(params['additionalProperty']);
      const allowed = allowedProperties(view).filter((name) => name !== '$schema');
      const guess = didYouMean(extra, allowed);
      const thing = humanTitle(view) ?? 'group';
      return {
        ...base, code: 'UNKNOWN_PROPERTY', pointer: `${error.instancePath}/${extra}`, ...locateKey(cxt.source, segments, extra),
        message: `"${extra}" is not a property of this ${thing}.${guess ? ` Did you mean "${guess}"?` : ''}`,
        hint: guess ? `Rename "${extra}" to "${guess}".` : `Remove "${extra}" or use one of: ${quoteList(allowed)}.`,
        ...(guess ? { about: { suggestion: guess } } : {}),
      };
    }
    case 'discriminator': {
      const sectionTypes = sectionTypeNames(cxt.store);
      const value = params['tagValue'];
      if (params['error'] === 'tag' || typeof value !== 'string') {
        return {
          ...base, code: 'MISSING_PROPERTY', ...position(),
          message: `This section has no "type" (or it is not text). Every section says which kind it is.`,
          hint: `Add "type" with one of: ${quoteList(sectionTypes)}.`,
        };
      }
      const guess = didYouMean(value, sectionTypes);
      return {
        ...base, code: 'UNKNOWN_SECTION_TYPE', pointer: `${error.instancePath}/type`, ...locate(cxt.source, [...segments, 'type']),
        message: `There is no section type "${value}".${guess ? ` Did you mean "${guess}"?` : ''}`,
        hint: guess ? `Write "type": "${guess}".` : `Use one of: ${quoteList(sectionTypes)}.`,
      };
    }
    case 'type': {
      const expected = String(params['type']).split(',').map((t) => expectedWords[t] ?? t).join(' or ');
      const actual = error.data;
      let hint: string | undefined;
      const wantsNumber = /integer|number/.test(String(params['type']));
      if (wantsNumber && typeof actual === 'string') {
        const digits = actual.replace(/[^0-9.]/g, '');
        hint = digits ? `Write ${digits} without quotes, ₹ sign, commas or words.` : 'Write a number without quotes, such as 6000.';
      } else if (String(params['type']) === 'string' && (typeof actual === 'number' || typeof actual === 'boolean')) {
        hint = `Put the value in double quotes: "${String(actual)}".`;
      } else if (String(params['type']) === 'array' && typeof actual === 'string') {
        hint = `Write a list in square brackets: [${JSON.stringify(actual)}].`;
      } else if (String(params['type']) === 'boolean' && typeof actual === 'string') {
        hint = `Write true or false without quotes.`;
      }
      return {
        ...base, code: 'WRONG_TYPE', ...position(),
        message: `${capitalise(field)} must be ${expected}${exampleText(view)}, not ${describeValue(actual)}.`,
        ...(hint ? { hint } : {}),
      };
    }
    case 'const':
    case 'enum': {
      const allowed = (error.keyword === 'const' ? [params['allowedValue']] : (params['allowedValues'] as unknown[])) ?? [];
      const guess = typeof error.data === 'string' ? didYouMean(error.data, allowed.filter((a): a is string => typeof a === 'string')) : undefined;
      return {
        ...base, code: 'NOT_ALLOWED_VALUE', ...position(),
        message: `${capitalise(field)} is ${describeValue(error.data)}, which is not allowed here.${guess ? ` Did you mean ${JSON.stringify(guess)}?` : ''}`,
        hint: `Use ${allowed.length === 1 ? '' : 'one of: '}${quoteList(allowed)}.`,
      };
    }
    case 'pattern': {
      const custom = (error.parentSchema as Record<string, unknown> | undefined)?.['patternErrorMessage'];
      const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName;
      if (propertyName !== undefined) {
        return {
          ...base, code: 'BAD_FORMAT', pointer: `${error.instancePath}/${propertyName}`, ...locateKey(cxt.source, segments, propertyName),
          message: `The name ${JSON.stringify(propertyName)} in ${field} is not written in the right form.`,
          hint: typeof custom === 'string' ? custom : 'Rename it in the form the other names use.',
        };
      }
      if (typeof error.data === 'string' && error.data.trim() === '') {
        return { ...base, code: 'EMPTY_TEXT', ...position(), message: `${capitalise(field)} is empty.`, hint: `Write the text${exampleText(view)}, or remove the property if it is optional.` };
      }
      const written = String(error.data);
      const linkHint = /^http:\/\//i.test(written)
        ? `Write https:// instead of http:// (${written.replace(/^http:/i, 'https:')}); links to insecure addresses are not allowed.`
        : /^\s*javascript:/i.test(written)
          ? 'Links that run scripts are not allowed. Link to a page of this site (such as /courses) or an https:// address.'
          : undefined;
      return {
        ...base, code: 'BAD_FORMAT', ...position(),
        message: `${capitalise(field)} is written as ${JSON.stringify(truncate(written, 60))}, which is not in the right form.`,
        hint: linkHint ?? (typeof custom === 'string' ? custom : `Write it${exampleText(view) || ' in the form the schema describes'}.`),
      };
    }
    case 'format': {
      return {
        ...base, code: 'BAD_FORMAT', ...position(),
        message: `${capitalise(field)} must be ${params['format'] === 'email' ? 'an e-mail address' : `a valid ${String(params['format'])}`}; ${describeValue(error.data)} is not.`,
        hint: `Write it${exampleText(view)}.`,
      };
    }
    case 'minLength': {
      if (Number(params['limit']) <= 1) {
        return { ...base, code: 'EMPTY_TEXT', ...position(), message: `${capitalise(field)} is empty.`, hint: `Write the text${exampleText(view)}, or remove the property if it is optional.` };
      }
      return { ...base, code: 'BAD_FORMAT', ...position(), message: `${capitalise(field)} is too short: it needs at least ${String(params['limit'])} characters.`, hint: `Write a fuller text${exampleText(view)}.` };
    }
    case 'maxLength':
      return {
        ...base, code: 'TEXT_TOO_LONG', ...position(),
        message: `${capitalise(field)} is ${String(error.data).length} characters long; at most ${String(params['limit'])} fit.`,
        hint: 'Shorten the text.',
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words: Record<string, string> = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than' };
      return {
        ...base, code: 'OUT_OF_RANGE', ...position(),
        message: `${capitalise(field)} is ${String(error.data)}, but it must be ${words[error.keyword]} ${String(params['limit'])}.`,
        hint: `Use a number${exampleText(view)}.`,
      };
    }
    case 'minItems':
      return {
        ...base, code: 'TOO_FEW_ITEMS', ...position(),
        message: `${capitalise(field)} has ${(error.data as unknown[]).length} ${(error.data as unknown[]).length === 1 ? 'item' : 'items'}; it needs at least ${String(params['limit'])}.`,
        hint: 'Add items to the list, or remove the property if it is optional.',
      };
    case 'maxItems':
      return {
        ...base, code: 'TOO_MANY_ITEMS', ...position(),
        message: `${capitalise(field)} has ${(error.data as unknown[]).length} items; at most ${String(params['limit'])} fit.`,
        hint: 'Remove items from the list.',
      };
    case 'uniqueItems': {
      const i = Number(params['i']);
      const j = Number(params['j']);
      const list = error.data as unknown[];
      return {
        ...base, code: 'DUPLICATE_ITEM', pointer: `${error.instancePath}/${Math.max(i, j)}`, ...locate(cxt.source, [...segments, Math.max(i, j)]),
        message: `${capitalise(field)} lists ${JSON.stringify(list[i])} twice (items ${Math.min(i, j) + 1} and ${Math.max(i, j) + 1}).`,
        hint: 'Keep each item once.',
      };
    }
    case 'propertyNames':
      return { ...base, code: 'BAD_FORMAT', ...position(), message: `${capitalise(field)} has a name that is not allowed.`, hint: 'Names are written in camelCase, such as applyForm.' };
    default:
      return {
        ...base, code: 'INVALID_CONTENT', ...position(),
        message: `${capitalise(field)} does not match what is expected here${first<string>(view, 'description') ? `: ${first<string>(view, 'description')}` : '.'}`,
      };
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sectionTypeNames(store: SchemaStore): string[] {
  const names: string[] = [];
  for (const [rel, node] of store.files) {
    if (!rel.startsWith('sections/')) continue;
    const constant = (node['properties'] as Record<string, Record<string, unknown>> | undefined)?.['type']?.['const'];
    if (typeof constant === 'string') names.push(constant);
  }
  return names.sort();
}

/**
 * Ajv reports one failure several ways (an empty text fails minLength and
 * pattern; a bad branch also fails its oneOf). Keep the most useful one per place.
 */
export function pruneErrors(errors: ErrorObject[]): ErrorObject[] {
  const generic = new Set(['oneOf', 'anyOf', 'if', 'not', 'allOf', 'propertyNames']);
  const specific = errors.filter((e) => !generic.has(e.keyword));
  const kept = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const out: ErrorObject[] = [];
  const discriminated = new Set(kept.filter((e) => e.keyword === 'discriminator').map((e) => e.instancePath));
  for (const error of kept) {
    if (error.keyword !== 'discriminator' && [...discriminated].some((p) => error.instancePath === p || error.instancePath.startsWith(p + '/'))) continue;
    const emptiness = (error.keyword === 'minLength' && Number((error.params as Record<string, unknown>)['limit']) <= 1) || (error.keyword === 'pattern' && typeof error.data === 'string' && error.data.trim() === '');
    const key = `${error.instancePath}|${emptiness ? 'empty' : error.keyword === 'additionalProperties' ? `extra:${String((error.params as Record<string, unknown>)['additionalProperty'])}` : error.keyword === 'required' ? `req:${String((error.params as Record<string, unknown>)['missingProperty'])}` : error.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out;
}
