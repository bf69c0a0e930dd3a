import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { placeholderMismatches } from './placeholders.ts';
import { resolveSchemaRef, type SchemaLookup, type SchemaNode } from './schemaRefs.ts';

/**
 * Every schema in schemas/, held by one Ajv instance and compiled once.
 * Schema files carry no $id of their own (editors then resolve their relative
 * $refs against the file's location); the store gives each one an id made from
 * its path, so Ajv resolves the same relative $refs the same way.
 */
export const SCHEMA_BASE = 'https://schemas.site.invalid/';

export type { SchemaNode };

/** Values met while validating that point elsewhere: ids, links and files. Checked after the schema pass. */
export interface Collected {
  refs: { collection: string; value: unknown; pointer: string }[];
  links: { value: unknown; pointer: string }[];
  assets: { kind: string; value: unknown; pointer: string }[];
  /** Texts shown to visitors ("x-text"): what a translation gives in another language, and nothing else. */
  texts: { value: unknown; pointer: string }[];
}

export interface SchemaStore extends SchemaLookup {
  dir: string;
  /** The one Ajv instance holding every schema; the server compiles its request schemas with it too. */
  ajv: Ajv2020;
  /** Schema files by path relative to schemas/, e.g. "sections/hero.schema.json". */
  files: Map<string, SchemaNode>;
  validate(schemaRel: string, value: unknown): { errors: ErrorObject[]; collected: Collected };
  idOf(schemaRel: string): string;
}

let collector: Collected | null = null;

function listSchemaFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listSchemaFiles(dir, rel));
    else if (entry.name.endsWith('.schema.json')) out.push(rel);
  }
  return out.sort();
}

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, discriminator: true, strict: true, strictTypes: false, allowUnionTypes: true });
  addFormats(ajv, ['email', 'date', 'date-time', 'uri']);
  // Editor-facing keyword (VS Code shows it when a pattern fails); our messages use it too.
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  // The server's settings schema: what a setting takes, and its default in words where it is worked out at start.
  ajv.addKeyword({ keyword: 'x-takes', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-default', schemaType: 'string' });
  // The content editor's words for a field, for people who do not write code: its label, and help where the
  // description (which may name properties and files, for those who edit the JSON) would not do.
  ajv.addKeyword({ keyword: 'x-label', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-help', schemaType: 'string' });
  // The choices the editor offers for a text that names something of the site settings (its menus, its footer columns).
  ajv.addKeyword({ keyword: 'x-options', schemaType: 'string' });
  ajv.addKeyword({
    keyword: 'x-ref',
    schemaType: 'string',
    errors: false,
    validate: (collection: string, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      collector?.refs.push({ collection, value: data, pointer: cxt?.instancePath ?? '' });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-link',
    schemaType: 'boolean',
    errors: false,
    validate: (_flag: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      collector?.links.push({ value: data, pointer: cxt?.instancePath ?? '' });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-text',
    schemaType: 'boolean',
    errors: false,
    validate: (_flag: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      collector?.texts.push({ value: data, pointer: cxt?.instancePath ?? '' });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-asset',
    schemaType: 'string',
    errors: false,
    validate: (kind: string, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      collector?.assets.push({ kind, value: data, pointer: cxt?.instancePath ?? '' });
      return true;
    },
  });
  // json-schema-to-typescript's: the type a schema generates where JSON Schema cannot say it (`unknown`, for a value
  // of any kind, such as the document the content editor sends as the person types it).
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  // A word's {placeholders}, which it must keep (engine/shared/placeholders.ts); the optional ones may go.
  ajv.addKeyword({ keyword: 'x-optional-placeholders', schemaType: 'array' });
  const placeholders = (required: string[], data: unknown, parent?: Record<string, unknown>, cxt?: { instancePath: string }): boolean => {
    const optional = (parent?.['x-optional-placeholders'] as string[] | undefined) ?? [];
    const allowed = [...required, ...optional];
    placeholders.errors = placeholderMismatches(data, required, optional).map(({ at, missing, unknown }) => ({
      keyword: 'x-placeholders',
      instancePath: `${cxt?.instancePath ?? ''}${at}`,
      params: { missing, unknown, allowed },
      message: `must keep the placeholders the site fills in (${allowed.map((name) => `{${name}}`).join(', ') || 'none'}) and hold no others`,
    }));
    return placeholders.errors.length === 0;
  };
  placeholders.errors = [] as Partial<ErrorObject>[];
  ajv.addKeyword({ keyword: 'x-placeholders', schemaType: 'array', validate: placeholders });
  return ajv;
}

const stores = new Map<string, SchemaStore>();

export function loadSchemaStore(schemasDir: string, options: { fresh?: boolean } = {}): SchemaStore {
  const dir = path.resolve(schemasDir);
  const cached = stores.get(dir);
  if (cached && !options.fresh) return cached;

  const files = new Map<string, SchemaNode>();
  for (const rel of listSchemaFiles(dir)) {
    files.set(rel, JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8')) as SchemaNode);
  }
  const ajv = createAjv();
  const idOf = (rel: string) => SCHEMA_BASE + rel;
  for (const [rel, schema] of files) {
    const { $schema: _dialect, ...rest } = schema;
    ajv.addSchema({ ...rest, $id: idOf(rel) });
  }
  const compiled = new Map<string, ValidateFunction>();

  const store: SchemaStore = {
    dir,
    ajv,
    files,
    idOf,
    validate(schemaRel, value) {
      let fn = compiled.get(schemaRel);
      if (!fn) {
        fn = ajv.getSchema(idOf(schemaRel));
        if (!fn) throw new Error(`No schema ${schemaRel} in ${dir}`);
        compiled.set(schemaRel, fn);
      }
      const collected: Collected = { refs: [], links: [], assets: [], texts: [] };
      collector = collected;
      try {
        fn(value);
      } finally {
        collector = null;
      }
      return { errors: [...(fn.errors ?? [])], collected };
    },
    resolveRef: (fromRel, ref) => resolveSchemaRef(files, fromRel, ref),
  };
  stores.set(dir, store);
  return store;
}
