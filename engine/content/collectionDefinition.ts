import type { CollectionName, Collections, PageKind } from '../types.ts';
import type { RuleContext } from './ruleContext.ts';

/** How a collection's items are kept in data/. */
export type CollectionLayout =
  /** data/<name>.json: {"$schema": …, "items": [ … ]}, each item with its own "id". */
  | 'oneFile'
  /** data/<name>/<id>.json: one item per file, whose name is the item's id. */
  | 'filePerItem';

/**
 * Everything the build knows about one collection of data/, in
 * engine/collections/<name>.ts. The loader, the rules, the content editor and
 * the generated types and guide loop over the definitions; none names a collection.
 */
export interface CollectionDefinition<C extends CollectionName> {
  /** Its name in data/ and in "x-ref", such as "courses". */
  name: C;
  /** Its schema, relative to schemas/: the schema of its file, or of each file of its folder. */
  schema: string;
  layout: CollectionLayout;
  /** Checks of one item that its schema cannot say (a price above the usual price), reported through the problem catalogue at pointers inside the item. */
  rules?: (item: Collections[C], check: RuleContext) => void;
  /** What its items are about, for a collection kept one file per item: the content editor lists the files with the pages of that kind. */
  pageKind?: Exclude<PageKind, 'home' | 'page'>;
  /** The line the content editor shows under each of its item files (for an item about a page, under its details, one part of the page's entry). */
  itemDetail?: string;
}

export type CollectionDefinitions = { readonly [C in CollectionName]: CollectionDefinition<C> };

/** Declares a collection of data/; the name gives its items their generated type. */
export function defineCollection<C extends CollectionName>(name: C, definition: Omit<CollectionDefinition<C>, 'name'>): CollectionDefinition<C> {
  return { name, ...definition };
}

/** Where a collection is kept, as messages name it: "data/courses.json", or "data/courseDetails/" for a folder. */
export function collectionPlace(definition: { name: string; layout: CollectionLayout }): string {
  return definition.layout === 'filePerItem' ? `data/${definition.name}/` : `data/${definition.name}.json`;
}

/** The file a collection's items are in, as a list of data files names it: "data/courses.json", "data/courseDetails/<Id>.json". */
export function collectionFile(definition: { name: string; layout: CollectionLayout }): string {
  return definition.layout === 'filePerItem' ? `data/${definition.name}/<Id>.json` : `data/${definition.name}.json`;
}
