import path from 'node:path';
import { loadSchemaStore, type SchemaNode, type SchemaStore } from '../engine/shared/schemaStore.ts';
import type { CollectionFacts } from './generateCollectionList.ts';

export const START = '<!-- generated:start (npm run codegen writes this part from schemas/; do not edit it by hand) -->';
export const END = '<!-- generated:end -->';

interface View {
  rel: string;
  node: SchemaNode;
}

/** The property's own node, merged over what its $ref points to: its own description wins. */
function resolve(store: SchemaStore, rel: string, node: SchemaNode, depth = 0): { merged: SchemaNode; rel: string } {
  const ref = node['$ref'];
  if (typeof ref !== 'string' || depth > 10) return { merged: node, rel };
  const target = store.resolveRef(rel, ref);
  if (!target) return { merged: node, rel };
  const inner = resolve(store, target.rel, target.node, depth + 1);
  const { $ref: _ref, ...own } = node;
  return { merged: { ...inner.merged, ...own }, rel: inner.rel };
}

function kindWords(store: SchemaStore, view: View): string {
  const { merged, rel } = resolve(store, view.rel, view.node);
  if (merged['const'] !== undefined) return `always \`${JSON.stringify(merged['const'])}\``;
  if (Array.isArray(merged['enum'])) return `one of ${(merged['enum'] as unknown[]).map((v) => `\`${JSON.stringify(v)}\``).join(', ')}`;
  const type = merged['type'];
  if (type === 'array') {
    const items = merged['items'] as SchemaNode | undefined;
    if (!items) return 'a list';
    const inner = resolve(store, rel, items);
    if (inner.merged['properties']) return `a list of groups (see below)`;
    return `a list of ${kindWords(store, { rel, node: items }).replace(/^a /, '').replace(/^an /, '')}`;
  }
  if (type === 'object' || merged['properties']) return 'a group of properties (see below)';
  if (type === 'integer') return 'a whole number';
  if (type === 'number') return 'a number';
  if (type === 'boolean') return '`true` or `false`';
  if (merged['x-asset'] === 'image') return 'an image path';
  if (merged['x-link']) return 'a link';
  if (merged['x-ref']) return `an id from \`data/${String(merged['x-ref'])}\``;
  return 'text';
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(store: SchemaStore, view: View, heading: string, depth: number, out: string[]): void {
  const { merged, rel } = resolve(store, view.rel, view.node);
  const properties = (merged['properties'] ?? {}) as Record<string, SchemaNode>;
  const required = new Set((merged['required'] as string[] | undefined) ?? []);
  const names = Object.keys(properties).filter((n) => n !== '$schema');
  if (!names.length) return;
  out.push(heading, '', '| Property | Required | Kind | What it is |', '|---|---|---|---|');
  const nested: [string, View][] = [];
  for (const name of names) {
    const property = properties[name]!;
    const { merged: p, rel: pRel } = resolve(store, rel, property);
    out.push(
      `| \`${name}\` | ${required.has(name) ? 'yes' : 'no'} | ${escapeCell(kindWords(store, { rel, node: property }))} | ${escapeCell(String(p['description'] ?? ''))} |`,
    );
    if (p['properties']) nested.push([name, { rel: pRel, node: p }]);
    else if (p['type'] === 'array' && p['items']) {
      const items = resolve(store, pRel, p['items'] as SchemaNode);
      if (items.merged['properties']) nested.push([`each item of ${name}`, { rel: items.rel, node: items.merged }]);
    }
  }
  out.push('');
  if (depth < 3)
    for (const [label, child] of nested)
      table(
        store,
        child,
        `${'#'.repeat(Math.min(6, 4 + depth))} \`${label.replace(/^each item of /, '')}\`${label.startsWith('each item') ? ': each item' : ''}`,
        depth + 1,
        out,
      );
}

/** Where a collection's files are, as the reference's heading says it. */
function placeOf(collection: CollectionFacts): string {
  return collection.layout === 'filePerItem'
    ? `data/${collection.name}/<Id>.json (one file per ${collection.pageKind ?? 'item'})`
    : `data/${collection.name}.json`;
}

export function generateGuide(root: string, collections: readonly CollectionFacts[]): string {
  const store = loadSchemaStore(path.join(root, 'schemas'), { fresh: true });
  const out: string[] = [START, '', '## Reference: section types', ''];
  const sections = [...store.files.keys()].filter((rel) => rel.startsWith('sections/')).sort();
  out.push(
    sections
      .map(
        (rel) =>
          `[\`${(store.files.get(rel)!['properties'] as Record<string, SchemaNode>)['type']!['const']}\`](#${String((store.files.get(rel)!['properties'] as Record<string, SchemaNode>)['type']!['const']).toLowerCase()})`,
      )
      .join(' · '),
    '',
  );
  for (const rel of sections) {
    const schema = store.files.get(rel)!;
    const type = String((schema['properties'] as Record<string, SchemaNode>)['type']!['const']);
    out.push(`### ${type}`, '', String(schema['description']), '', `Schema: \`schemas/${rel}\``, '');
    table(store, { rel, node: schema }, '#### Properties', 0, out);
    const example = (schema['examples'] as unknown[] | undefined)?.[0];
    if (example) out.push('#### Example', '', '```json', JSON.stringify(example, null, 2), '```', '');
  }
  out.push('## Reference: data files', '');
  const files = [{ schema: 'data/site.schema.json', where: 'data/site.json' }, ...collections.map((c) => ({ schema: c.schema, where: placeOf(c) }))];
  for (const { schema: rel, where } of files.sort((a, b) => a.schema.localeCompare(b.schema))) {
    const schema = store.files.get(rel)!;
    out.push(`### ${where}`, '', String(schema['description']), '', `Schema: \`schemas/${rel}\``, '');
    table(store, { rel, node: schema }, '#### Properties', 1, out);
  }
  out.push('## Reference: a page document', '');
  table(store, { rel: 'page.schema.json', node: store.files.get('page.schema.json')! }, '#### Properties of every file in pages/', 1, out);
  out.push(END);
  return out.join('\n');
}

export function mergeGuide(current: string, generated: string): string {
  const start = current.indexOf(START.slice(0, 24));
  const end = current.indexOf(END);
  if (start === -1 || end === -1) return `${current.trimEnd()}\n\n${generated}\n`;
  return `${current.slice(0, start)}${generated}${current.slice(end + END.length)}`;
}
