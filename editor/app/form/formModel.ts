import { humanise } from '../../../engine/content/problemWords.ts';
import { childView, effectiveView, first, type SchemaView } from '../../../engine/content/schemaWalker.ts';
import { fill } from '../../../engine/shared/fill.ts';
import { toPointer } from '../../../engine/shared/jsonPointer.ts';
import type { SchemaLookup, SchemaNode } from '../../../engine/shared/schemaRefs.ts';
import { words } from '../../words.ts';

/** Path segments from the document root, as in a JSON pointer. */
export type Segments = readonly (string | number)[];

export const pointerOf = (segments: Segments): string => toPointer(segments);
/** The id of the input (or group) that shows the value at a pointer: problems link to it. */
export const fieldId = (pointer: string): string => `field:${pointer}`;

export type FieldKind = 'union' | 'object' | 'map' | 'array' | 'text' | 'number' | 'boolean' | 'const' | 'choice' | 'unknown';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function types(view: SchemaView): string[] {
  const type = first<string | string[]>(view, 'type');
  return Array.isArray(type) ? type : type ? [type] : [];
}

export function isUnion(view: SchemaView): boolean {
  return view.nodes.some(({ node }) => Array.isArray(node['oneOf']) && isRecord(node['discriminator']));
}

export function kindOf(view: SchemaView): FieldKind {
  if (isUnion(view)) return 'union';
  if (first(view, 'const') !== undefined) return 'const';
  if (Array.isArray(first(view, 'enum'))) return 'choice';
  const t = types(view);
  if (t.includes('object') || (!t.length && first(view, 'properties'))) return first(view, 'properties') ? 'object' : 'map';
  if (t.includes('array')) return 'array';
  if (t.includes('string')) return 'text';
  if (t.includes('integer') || t.includes('number')) return 'number';
  if (t.includes('boolean')) return 'boolean';
  return 'unknown';
}

/** Property names in the order the schema lists them. */
export function propertiesOf(view: SchemaView): string[] {
  const names: string[] = [];
  for (const { node } of view.nodes) {
    const properties = node['properties'];
    if (isRecord(properties)) for (const name of Object.keys(properties)) if (!names.includes(name)) names.push(name);
  }
  return names;
}

export function requiredOf(view: SchemaView): Set<string> {
  const out = new Set<string>();
  for (const { node } of view.nodes) if (Array.isArray(node['required'])) for (const name of node['required'] as string[]) out.add(name);
  return out;
}

export { humanise };

/**
 * The form's words for the property names that mean something only to whoever writes the JSON (editor/words.ts); a
 * schema's own "x-label" on a property says better where it has one.
 */
const PLAIN_NAMES = words.app.form.plainNames;

/** The label of a field: the schema's x-label on the property, else its name in words. */
export function labelOf(name: string, view: SchemaView | undefined): string {
  const written = view?.nodes[0]?.node['x-label'];
  if (typeof written === 'string') return written;
  const plain = PLAIN_NAMES[name];
  if (plain) return plain;
  // Lists of references (courseIds, testimonialIds) are lists of the things themselves.
  const ids = /^(.+)Ids$/.exec(name);
  if (ids) return humanise(`${ids[1]}s`);
  const one = /^(.+)Id$/.exec(name);
  if (one) return humanise(one[1]!);
  // A certificate's "ID" is the site's own word (the spec's): written as people write it.
  return humanise(name).replace(/\b[Ii]d(s?)\b/g, 'ID$1');
}

/** The name of a kind of section (a branch of the section union): its schema's x-label, else its type in words. */
export function kindLabel(tag: string, view: SchemaView): string {
  return first<string>(view, 'x-label') ?? humanise(tag);
}

/** Fields the form does not draw: the schema line, and a section's kind (shown above its fields, chosen when it was added). */
export function isHidden(name: string, view: SchemaView | undefined): boolean {
  return name === '$schema' || (name === 'type' && view !== undefined && first(view, 'const') !== undefined);
}

/** "responsibilities" → "Responsibility": how one item of a list is named. */
export function singular(name: string): string {
  const word = humanise(name);
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(word)) return word;
  if (/(sses|ases|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The help under a field: the schema's words for the person (x-help) where they differ from its description for JSON authors. */
export function description(view: SchemaView): string | undefined {
  // The most specific node that says anything: a property's own words before those of the definition it refers to.
  for (const { node } of view.nodes) {
    const help = node['x-help'] ?? node['description'];
    if (typeof help === 'string') return help;
  }
  return undefined;
}

export function example(view: SchemaView): unknown {
  const examples = first<unknown[]>(view, 'examples');
  return Array.isArray(examples) ? examples[0] : undefined;
}

/** The view of a child, narrowed to the branch its value chooses (a section's type). */
export function viewOfChild(lookup: SchemaLookup, parent: SchemaView, parentValue: unknown, key: string | number, childValue: unknown): SchemaView | undefined {
  const child = childView(lookup, parent, parentValue, key);
  return child ? effectiveView(lookup, child, childValue) : undefined;
}

/** The branches of a discriminated union (the section types): the value of the tag and the branch's view. */
export function unionBranches(lookup: SchemaLookup, view: SchemaView): { tag: string; view: SchemaView }[] {
  const out: { tag: string; view: SchemaView }[] = [];
  for (const { rel, node } of view.nodes) {
    const oneOf = node['oneOf'];
    const property = (node['discriminator'] as { propertyName?: string } | undefined)?.propertyName;
    if (!Array.isArray(oneOf) || !property) continue;
    for (const branch of oneOf as SchemaNode[]) {
      const branchView = expandNode(lookup, rel, branch);
      const tag = branchView.nodes
        .map((n) => (n.node['properties'] as Record<string, SchemaNode> | undefined)?.[property]?.['const'])
        .find((c) => c !== undefined);
      if (typeof tag === 'string') out.push({ tag, view: branchView });
    }
  }
  return out.sort((a, b) => a.tag.localeCompare(b.tag));
}

function expandNode(lookup: SchemaLookup, rel: string, node: SchemaNode): SchemaView {
  const nodes: SchemaView['nodes'] = [{ rel, node }];
  let current = { rel, node };
  for (let depth = 0; depth < 20 && typeof current.node['$ref'] === 'string'; depth++) {
    const target = lookup.resolveRef(current.rel, current.node['$ref'] as string);
    if (!target) break;
    nodes.push(target);
    current = target;
  }
  return { nodes };
}

export const TEMPLATE_MARK = '✎';

/**
 * A new value for a field the person adds: the required parts only, texts
 * marked ✎ (with the schema's example as the suggestion), so that nothing
 * added from a suggestion ships until it is written; ids, links, paths and
 * figures take the example as it is (a mark would make them invalid).
 */
export function skeleton(lookup: SchemaLookup, view: SchemaView, depth = 0): unknown {
  const kind = kindOf(view);
  const ex = example(view);
  switch (kind) {
    case 'const':
      return first(view, 'const');
    case 'choice':
      return (first<unknown[]>(view, 'enum') ?? [])[0];
    case 'boolean':
      return typeof ex === 'boolean' ? ex : false;
    case 'number': {
      if (typeof ex === 'number') return ex;
      const minimum = first<number>(view, 'minimum');
      return typeof minimum === 'number' ? minimum : 0;
    }
    case 'text': {
      const plainText = first<string>(view, 'pattern') === undefined || first<string>(view, 'pattern') === '\\S';
      const isCode =
        first(view, 'x-ref') !== undefined ||
        first(view, 'x-link') !== undefined ||
        first(view, 'x-asset') !== undefined ||
        first(view, 'format') !== undefined;
      if (typeof ex === 'string') return plainText && !isCode ? `${TEMPLATE_MARK} ${ex}` : ex;
      return plainText && !isCode ? `${TEMPLATE_MARK} ` : '';
    }
    case 'array': {
      const minItems = first<number>(view, 'minItems') ?? 0;
      if (minItems === 0 || depth > 6) return [];
      const items = childView(lookup, view, [], 0);
      return items ? Array.from({ length: minItems }, () => skeleton(lookup, items, depth + 1)) : [];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = requiredOf(view);
      for (const name of propertiesOf(view)) {
        if (!required.has(name) || name === '$schema') continue;
        const child = childView(lookup, view, out, name);
        if (child) out[name] = skeleton(lookup, child, depth + 1);
      }
      return out;
    }
    case 'map':
      return {};
    default:
      return isRecord(ex) || Array.isArray(ex) ? structuredClone(ex) : '';
  }
}

/** The value with the part at `segments` replaced (undefined removes a property). */
export function setIn(value: unknown, segments: Segments, next: unknown): unknown {
  if (segments.length === 0) return next;
  const [head, ...rest] = segments;
  if (Array.isArray(value)) {
    const copy = value.slice();
    copy[Number(head)] = setIn(copy[Number(head)], rest, next);
    return copy;
  }
  const record = isRecord(value) ? { ...value } : {};
  const key = String(head);
  const updated = setIn(record[key], rest, next);
  if (updated === undefined && rest.length === 0) delete record[key];
  else record[key] = updated;
  return record;
}

export function getIn(value: unknown, segments: Segments): unknown {
  let current = value;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isRecord(current)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

/** A short name for an item of a list: its title, name or id, else its position. */
export function itemSummary(item: unknown, fallback: string): string {
  if (typeof item === 'string') return item || fallback;
  if (!isRecord(item)) return fallback;
  for (const key of ['title', 'name', 'label', 'question', 'caption', 'id', 'text']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return fallback;
}

/**
 * Where a value is on the form, in the form's words, from the document down: "Sections › Section 1 (Roles to choose
 * from) › Roles › Role 2 (Criminal Law) › Details › Stipend". The problem list says where a problem is this way.
 */
export function placeOf(lookup: SchemaLookup, root: SchemaView, document: unknown, segments: Segments): string[] {
  const out: string[] = [];
  let view: SchemaView | undefined = root;
  let value: unknown = document;
  for (let i = 0; i < segments.length && view; i++) {
    const segment = segments[i]!;
    const next: unknown = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[String(segment)] : undefined;
    const child: SchemaView | undefined = viewOfChild(lookup, view, value, segment, next);
    if (Array.isArray(value)) {
      const kind =
        child && isUnion(childView(lookup, view, value, 0) ?? { nodes: [] }) && isRecord(next)
          ? unionBranches(lookup, childView(lookup, view, value, 0)!).find((b) => b.tag === next['type'])
          : undefined;
      const summary = kind ? kindLabel(kind.tag, kind.view) : itemSummary(next, '');
      const item = fill(words.app.form.item, { item: singular(out[out.length - 1] ?? words.app.form.anItem), number: Number(segment) + 1 });
      out.push(summary ? fill(words.app.form.itemSummary, { item, summary }) : item);
    } else if (child && kindOf(view) === 'map') out.push(humanise(String(segment)));
    else out.push(labelOf(String(segment), child));
    view = child;
    value = next;
  }
  return out;
}
