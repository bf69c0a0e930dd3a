import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
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
    keyword: 'x-asset',
    schemaType: 'string',
    errors: false,
    validate: (kind: string, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      collector?.assets.push({ kind, value: data, pointer: cxt?.instancePath ?? '' });
      return true;
    },
  });
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
      const collected: Collected = { refs: [], links: [], assets: [] };
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
