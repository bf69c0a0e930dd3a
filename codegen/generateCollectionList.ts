/**
 * The list of data collections, written from their definitions in
 * engine/collections/<name>.ts: the loader, the rules, the content editor, the
 * generated types and CONTENT.md's reference loop over it. Adding a collection is
 * adding its schema and its definition; nobody edits a list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CollectionLayout } from '../engine/content/collectionDefinition.ts';
import { GENERATED_BANNER } from './generateSectionLists.ts';

export interface CollectionFacts {
  /** Its name in data/, such as "courseDetails". */
  name: string;
  /** Its schema, relative to schemas/. */
  schema: string;
  layout: CollectionLayout;
  /** What its items are about (course), when it says. */
  pageKind: string | undefined;
}

type Json = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Json;

/** Every collection, read from its definition; throws with every mismatch at once (a definition without a schema, a schema without a definition, a layout its schema does not have). */
export async function listCollections(root: string): Promise<CollectionFacts[]> {
  const dir = path.join(root, 'engine', 'collections');
  const problems: string[] = [];
  const collections: CollectionFacts[] = [];
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.ts')) : [];
  for (const file of files.sort()) {
    const name = file.replace(/\.ts$/, '');
    const rel = `engine/collections/${file}`;
    const definition = ((await import(pathToFileURL(path.join(dir, file)).href)) as { default?: Partial<CollectionFacts> }).default;
    if (definition?.name !== name || typeof definition.schema !== 'string') {
      problems.push(`${rel} must \`export default defineCollection('${name}', { schema, layout })\`, named as its file.`);
      continue;
    }
    const schemaFile = path.join(root, 'schemas', definition.schema);
    if (!fs.existsSync(schemaFile)) {
      problems.push(`${rel} names the schema schemas/${definition.schema}, which does not exist.`);
      continue;
    }
    const items = (readJson(schemaFile)['properties'] as Json | undefined)?.['items'] as Json | undefined;
    if (definition.layout === 'oneFile' && items?.['type'] !== 'array')
      problems.push(`${rel} keeps its items in one file, but schemas/${definition.schema} has no "items" list: a file of the collection is {"items": [ … ]}.`);
    else if (definition.layout === 'filePerItem' && items?.['type'] === 'array')
      problems.push(
        `${rel} keeps one item per file, but schemas/${definition.schema} describes a file with an "items" list: describe one item, or keep them in one file.`,
      );
    else if (definition.layout !== 'oneFile' && definition.layout !== 'filePerItem')
      problems.push(`${rel}: "layout" is "oneFile" or "filePerItem", not ${JSON.stringify(definition.layout)}.`);
    else collections.push({ name, schema: definition.schema, layout: definition.layout, pageKind: definition.pageKind });
  }
  const defined = new Set(collections.map((c) => c.schema));
  const dataSchemas = path.join(root, 'schemas', 'data');
  for (const file of fs.existsSync(dataSchemas) ? fs.readdirSync(dataSchemas).sort() : []) {
    const name = file.replace(/\.schema\.json$/, '');
    if (!file.endsWith('.schema.json') || name === 'site' || defined.has(`data/${file}`)) continue;
    if (files.includes(`${name}.ts`)) continue;
    problems.push(
      `schemas/data/${file} is the schema of no collection: add engine/collections/${name}.ts (\`export default defineCollection('${name}', { schema: 'data/${file}', layout: 'oneFile' })\`).`,
    );
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return collections;
}

/** The type of one item of a collection: the items of its file's list, or its file itself. */
export function entityTitle(root: string, collection: CollectionFacts): string | undefined {
  const schemaRel = collection.schema;
  const schema = readJson(path.join(root, 'schemas', schemaRel));
  const node = collection.layout === 'oneFile' ? ((schema['properties'] as Json)['items'] as Json)['items'] : schema;
  const ref = (node as Json | undefined)?.['$ref'];
  if (typeof ref !== 'string') return typeof (node as Json | undefined)?.['title'] === 'string' ? ((node as Json)['title'] as string) : undefined;
  const target = readJson(path.join(root, 'schemas', path.posix.normalize(path.posix.join(path.posix.dirname(schemaRel), ref))));
  return typeof target['title'] === 'string' ? target['title'] : undefined;
}

/** engine/generated/collectionDefinitions.ts: every collection's definition, by name. */
export function collectionDefinitionsModule(collections: readonly CollectionFacts[]): string {
  return `${GENERATED_BANNER.replace('schemas/ and engine/sections/', 'engine/collections/').replace("a section type's files", "a collection's definition")}
import type { CollectionDefinitions } from '../content/collectionDefinition.ts';
${collections.map((c) => `import ${c.name} from '../collections/${c.name}.ts';`).join('\n')}

export const collections: CollectionDefinitions = {
${collections.map((c) => `  ${c.name},`).join('\n')}
};
`;
}
