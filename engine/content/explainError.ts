import type { ErrorObject } from 'ajv';
import { didYouMean } from '../shared/didYouMean.ts';
import { fromPointer } from '../shared/jsonPointer.ts';
import type { SchemaStore } from '../shared/schemaStore.ts';
import { type JsonSource, locate, locateKey } from './jsonSource.ts';
import { type Problem, type ProblemPlace, problem } from './problems.ts';
import { allowedProperties, first, humanTitle, type SchemaView, schemaAt } from './schemaWalker.ts';

function example(view: SchemaView | undefined): unknown {
  const examples = first<unknown[]>(view, 'examples');
  return Array.isArray(examples) ? examples[0] : undefined;
}

interface Context {
  store: SchemaStore;
  schemaRel: string;
  source: JsonSource;
}

/** Names an Ajv error by its problem code and the facts the catalogue words it from. */
export function explainAjvError(error: ErrorObject, cxt: Context): Problem {
  const field = fromPointer(error.instancePath);
  const at = schemaAt(cxt.store, cxt.schemaRel, cxt.source.value, field);
  const view = at?.view;
  const base = { file: cxt.source.file, pointer: error.instancePath };
  const here = (target: 'value' | 'key' = 'value'): ProblemPlace => ({ ...base, ...locate(cxt.source, field, target) });
  const params = error.params as Record<string, unknown>;
  const limit = Number(params['limit']);
  const data: unknown = error.data;

  switch (error.keyword) {
    case 'required': {
      const property = String(params['missingProperty']);
      const child = schemaAt(cxt.store, cxt.schemaRel, cxt.source.value, [...field, property]);
      return problem('MISSING_PROPERTY', here('key'), {
        property,
        thing: humanTitle(view),
        description: first<string>(child?.view, 'description'),
        example: example(child?.view),
      });
    }
    case 'additionalProperties': {
      const property = String(params['additionalProperty']);
      const allowed = allowedProperties(view).filter((name) => name !== '$schema');
      const place = { ...base, pointer: `${error.instancePath}/${property}`, ...locateKey(cxt.source, field, property) };
      return problem('UNKNOWN_PROPERTY', place, { property, thing: humanTitle(view), guess: didYouMean(property, allowed), allowed });
    }
    case 'discriminator': {
      const types = sectionTypeNames(cxt.store);
      const value = params['tagValue'];
      if (params['error'] === 'tag' || typeof value !== 'string') return problem('MISSING_SECTION_TYPE', here(), { types });
      const place = { ...base, pointer: `${error.instancePath}/type`, ...locate(cxt.source, [...field, 'type']) };
      return problem('UNKNOWN_SECTION_TYPE', place, { value, guess: didYouMean(value, types), types });
    }
    case 'type':
      return problem('WRONG_TYPE', here(), { field, expected: String(params['type']).split(','), example: example(view), value: data });
    case 'const':
    case 'enum': {
      const allowed = (error.keyword === 'const' ? [params['allowedValue']] : (params['allowedValues'] as unknown[])) ?? [];
      const guess =
        typeof data === 'string'
          ? didYouMean(
              data,
              allowed.filter((a): a is string => typeof a === 'string'),
            )
          : undefined;
      return problem('NOT_ALLOWED_VALUE', here(), { field, value: data, allowed, guess });
    }
    case 'pattern': {
      const custom = (error.parentSchema as Record<string, unknown> | undefined)?.['patternErrorMessage'];
      const rule = typeof custom === 'string' ? custom : undefined;
      const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName;
      if (propertyName !== undefined) {
        const place = { ...base, pointer: `${error.instancePath}/${propertyName}`, ...locateKey(cxt.source, field, propertyName) };
        return problem('BAD_PROPERTY_NAME', place, { field, name: propertyName, rule });
      }
      if (typeof data === 'string' && data.trim() === '') return problem('EMPTY_TEXT', here(), { field, example: example(view) });
      const value = String(data);
      if (/^http:\/\//i.test(value)) return problem('LINK_NOT_HTTPS', here(), { field, value });
      if (/^\s*javascript:/i.test(value)) return problem('LINK_RUNS_SCRIPT', here(), { field, value });
      return problem('BAD_FORMAT', here(), { field, value, rule, example: example(view) });
    }
    case 'format':
      if (params['format'] === 'email') return problem('NOT_AN_EMAIL', here(), { field, value: data, example: example(view) });
      if (params['format'] === 'date') return problem('NOT_A_DATE', here(), { field, value: data, example: example(view) });
      return problem('BAD_FORMAT', here(), { field, value: String(data), rule: undefined, example: example(view) });
    case 'minLength':
      // A minimum of one character means "not empty"; anything longer asks for a fuller text.
      if (limit <= 1) return problem('EMPTY_TEXT', here(), { field, example: example(view) });
      return problem('TEXT_TOO_SHORT', here(), { field, limit, example: example(view) });
    case 'maxLength':
      return problem('TEXT_TOO_LONG', here(), { field, length: String(data).length, limit });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return problem('OUT_OF_RANGE', here(), { field, value: Number(data), bound: error.keyword, limit, example: example(view) });
    case 'minItems':
      return problem('TOO_FEW_ITEMS', here(), { field, count: (data as unknown[]).length, limit });
    case 'maxItems':
      return problem('TOO_MANY_ITEMS', here(), { field, count: (data as unknown[]).length, limit });
    case 'uniqueItems': {
      const [i, j] = [Number(params['i']), Number(params['j'])].sort((a, b) => a - b) as [number, number];
      const place = { ...base, pointer: `${error.instancePath}/${j}`, ...locate(cxt.source, [...field, j]) };
      return problem('DUPLICATE_ITEM', place, { field, item: (data as unknown[])[i], first: i + 1, second: j + 1 });
    }
    case 'x-placeholders': {
      const { missing, unknown, allowed } = params as { missing: string[]; unknown: string[]; allowed: string[] };
      if (missing.length) {
        const shipped = example(view);
        return problem('PLACEHOLDER_MISSING', here(), { field, missing, unknown, example: typeof shipped === 'string' ? shipped : undefined });
      }
      const guess = unknown.length === 1 ? didYouMean(unknown[0]!.trim(), allowed) : undefined;
      return problem('PLACEHOLDER_UNKNOWN', here(), { field, unknown, allowed, guess });
    }
    case 'propertyNames':
      return problem('BAD_PROPERTY_NAME', here(), { field, name: String(params['propertyName']), rule: undefined });
    default:
      return problem('INVALID_CONTENT', here(), { field, description: first<string>(view, 'description'), rule: error.message });
  }
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
    if (error.keyword !== 'discriminator' && [...discriminated].some((p) => error.instancePath === p || error.instancePath.startsWith(`${p}/`))) continue;
    const emptiness =
      (error.keyword === 'minLength' && Number((error.params as Record<string, unknown>)['limit']) <= 1) ||
      (error.keyword === 'pattern' && typeof error.data === 'string' && error.data.trim() === '');
    const key = `${error.instancePath}|${emptiness ? 'empty' : error.keyword === 'additionalProperties' ? `extra:${String((error.params as Record<string, unknown>)['additionalProperty'])}` : error.keyword === 'required' ? `req:${String((error.params as Record<string, unknown>)['missingProperty'])}` : error.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out;
}
