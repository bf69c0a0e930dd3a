import { fromPointer } from './jsonPointer.ts';

export type SchemaNode = Record<string, unknown>;

/** What it takes to follow $refs between schema files: the files by path relative to schemas/. Node and the browser alike. */
export interface SchemaLookup {
  files: ReadonlyMap<string, SchemaNode>;
  resolveRef(fromRel: string, ref: string): { rel: string; node: SchemaNode } | undefined;
}

/** "sections/hero.schema.json" + "../common.schema.json" → "common.schema.json" (POSIX rules, no Node needed). */
export function joinSchemaPath(fromRel: string, relative: string): string {
  const parts = fromRel.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** Follows a $ref written in `fromRel` to the schema node it names. */
export function resolveSchemaRef(files: ReadonlyMap<string, SchemaNode>, fromRel: string, ref: string): { rel: string; node: SchemaNode } | undefined {
  const [filePart, fragment = ''] = ref.split('#');
  const rel = filePart ? joinSchemaPath(fromRel, filePart) : fromRel;
  let node: unknown = files.get(rel);
  for (const segment of fromPointer(fragment)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node && typeof node === 'object' ? { rel, node: node as SchemaNode } : undefined;
}

/** A lookup over schema files already in memory (the editor's browser side receives them from its server). */
export function schemaLookup(files: ReadonlyMap<string, SchemaNode>): SchemaLookup {
  return { files, resolveRef: (fromRel, ref) => resolveSchemaRef(files, fromRel, ref) };
}
