import path from 'node:path';
import { loadSchemaStore, type SchemaStore } from '../../engine/shared/schemaStore.ts';

const SCHEMAS_DIR = path.join(import.meta.dirname, '..', '..', 'schemas');
let store: SchemaStore | undefined;

/** The project's JSON Schemas: the same files the client types are generated from and content is checked with. Loaded once. */
export function apiSchemaStore(): SchemaStore {
  store ??= loadSchemaStore(SCHEMAS_DIR);
  return store;
}

export function schemaRef(rel: string): { $ref: string } {
  return { $ref: apiSchemaStore().idOf(rel) };
}
