import path from 'node:path';
import { loadSchemaStore, type SchemaStore } from '../engine/shared/schemaStore.ts';

let store: SchemaStore | undefined;

/** The project's JSON Schemas: the same files the client types are generated from and content is checked with. */
export function apiSchemaStore(root = process.cwd()): SchemaStore {
  store ??= loadSchemaStore(path.join(root, 'schemas'));
  return store;
}

export function schemaRef(rel: string): { $ref: string } {
  return { $ref: apiSchemaStore().idOf(rel) };
}
