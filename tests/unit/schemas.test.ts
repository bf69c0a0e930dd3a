import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemaStore, type SchemaNode } from '../../engine/shared/schemaStore.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

/**
 * The schemas are what authors read in their editor: every property says what
 * it is for and shows an example, and every object refuses unknown keys.
 */
const store = loadSchemaStore(path.join(projectRoot, 'schemas'));

function follow(rel: string, node: SchemaNode, key: string, depth = 0): boolean {
  if (node[key] !== undefined || (key === 'examples' && node['const'] !== undefined)) return true;
  const ref = node['$ref'];
  if (typeof ref === 'string' && depth < 10) {
    const target = store.resolveRef(rel, ref);
    return target ? follow(target.rel, target.node, key, depth + 1) : false;
  }
  return false;
}

function* objectSchemas(node: unknown, at: string): Generator<[string, SchemaNode]> {
  if (Array.isArray(node)) for (const [i, child] of node.entries()) yield* objectSchemas(child, `${at}/${i}`);
  else if (node && typeof node === 'object') {
    const schema = node as SchemaNode;
    if (schema['properties']) yield [at, schema];
    for (const [key, child] of Object.entries(schema)) if (key !== 'examples' && key !== 'default') yield* objectSchemas(child, `${at}/${key}`);
  }
}

describe('every schema', () => {
  for (const [rel, schema] of store.files) {
    it(`${rel}: has a title, a description and examples for every property, and refuses unknown keys`, () => {
      expect(typeof schema['title'], `${rel} has no title`).toBe('string');
      expect(typeof schema['description'], `${rel} has no description`).toBe('string');
      for (const [at, node] of objectSchemas(schema, '')) {
        expect(node['additionalProperties'], `${rel}${at} lets unknown properties through`).toBe(false);
        for (const [name, property] of Object.entries(node['properties'] as Record<string, SchemaNode>)) {
          expect(follow(rel, property, 'description'), `${rel}${at}/${name} has no description`).toBe(true);
          expect(follow(rel, property, 'examples'), `${rel}${at}/${name} has no example`).toBe(true);
        }
      }
    });
  }

  it('every example in a content schema is itself valid', () => {
    const problems: string[] = [];
    for (const [rel, schema] of store.files) {
      if (!rel.startsWith('sections/')) continue;
      for (const example of (schema['examples'] as unknown[] | undefined) ?? []) {
        const { errors } = store.validate(rel, example);
        if (errors.length) problems.push(`${rel}: ${errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the section union lists every section schema', () => {
    const union = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schemas/section.schema.json'), 'utf8')) as { oneOf: { $ref: string }[] };
    const files = fs
      .readdirSync(path.join(projectRoot, 'schemas/sections'))
      .map((f) => `sections/${f}`)
      .sort();
    expect(union.oneOf.map((r) => r.$ref).sort()).toEqual(files);
  });
});
