import type { SchemaLookup, SchemaNode } from '../shared/schemaRefs.ts';

/**
 * The schema nodes that describe one place in a document: the property's own
 * node (with its description and examples) followed by what its $ref points at.
 * Used to word messages (what a field is for, an example of a right value,
 * which properties are allowed) and by the editor to draw a document's form:
 * it needs only the schema files, so it runs in the browser too.
 */
export interface SchemaView {
  nodes: { rel: string; node: SchemaNode }[];
}

function expand(store: SchemaLookup, rel: string, node: SchemaNode, depth = 0): SchemaView['nodes'] {
  const out: SchemaView['nodes'] = [{ rel, node }];
  const ref = node['$ref'];
  if (typeof ref === 'string' && depth < 20) {
    const target = store.resolveRef(rel, ref);
    if (target) out.push(...expand(store, target.rel, target.node, depth + 1));
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** For a discriminated oneOf (the section union), the branch chosen by the instance's "type". */
function chosenBranch(store: SchemaLookup, view: SchemaView, instance: unknown): SchemaView | undefined {
  for (const { rel, node } of view.nodes) {
    const oneOf = node['oneOf'];
    const discriminator = node['discriminator'] as { propertyName?: string } | undefined;
    if (!Array.isArray(oneOf) || !discriminator?.propertyName || !isObject(instance)) continue;
    const tag = instance[discriminator.propertyName];
    for (const branch of oneOf as SchemaNode[]) {
      const nodes = expand(store, rel, branch);
      const constant = nodes.map((n) => (n.node['properties'] as Record<string, SchemaNode> | undefined)?.[discriminator.propertyName!]).find(Boolean)?.[
        'const'
      ];
      if (constant === tag) return { nodes };
    }
  }
  return undefined;
}

export function effectiveView(store: SchemaLookup, view: SchemaView, instance: unknown): SchemaView {
  const branch = chosenBranch(store, view, instance);
  // The chosen branch is more specific than the union, so its title and description come first.
  return branch ? { nodes: [...branch.nodes, ...view.nodes] } : view;
}

export function rootView(store: SchemaLookup, rootRel: string): SchemaView {
  const node = store.files.get(rootRel);
  return { nodes: node ? expand(store, rootRel, node) : [] };
}

export function childView(store: SchemaLookup, parent: SchemaView, parentInstance: unknown, segment: string | number): SchemaView | undefined {
  const view = effectiveView(store, parent, parentInstance);
  if (Array.isArray(parentInstance)) {
    for (const { rel, node } of view.nodes) {
      const items = node['items'];
      if (isObject(items)) return { nodes: expand(store, rel, items as SchemaNode) };
    }
    return undefined;
  }
  for (const { rel, node } of view.nodes) {
    const properties = node['properties'] as Record<string, SchemaNode> | undefined;
    const property = properties?.[String(segment)];
    if (property) return { nodes: expand(store, rel, property) };
  }
  for (const { rel, node } of view.nodes) {
    const additional = node['additionalProperties'];
    if (isObject(additional)) return { nodes: expand(store, rel, additional as SchemaNode) };
  }
  return undefined;
}

/** Walks from the document root down the given path; returns the view and the instance value there. */
export function schemaAt(
  store: SchemaLookup,
  rootRel: string,
  document: unknown,
  segments: readonly (string | number)[],
): { view: SchemaView; value: unknown } | undefined {
  let view: SchemaView | undefined = rootView(store, rootRel);
  let value: unknown = document;
  for (const segment of segments) {
    if (!view) return undefined;
    view = childView(store, view, value, segment);
    value = Array.isArray(value) ? value[Number(segment)] : isObject(value) ? value[String(segment)] : undefined;
  }
  return view ? { view: effectiveView(store, view, value), value } : undefined;
}

export function first<T>(view: SchemaView | undefined, key: string): T | undefined {
  for (const { node } of view?.nodes ?? []) if (node[key] !== undefined) return node[key] as T;
  return undefined;
}

export function allowedProperties(view: SchemaView | undefined): string[] {
  const names = new Set<string>();
  for (const { node } of view?.nodes ?? []) {
    const properties = node['properties'];
    if (isObject(properties)) for (const name of Object.keys(properties)) names.add(name);
  }
  return [...names];
}

/** "RoleSelectorSection" → "role selector section": how messages name the thing being edited. */
export function humanTitle(view: SchemaView | undefined): string | undefined {
  const title = first<string>(view, 'title');
  if (!title) return undefined;
  return title.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}
