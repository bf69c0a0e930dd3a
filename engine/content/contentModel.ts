import type { Collected } from '../shared/schemaStore.ts';
import type { CollectionName, PageDocument, SiteSettings } from '../types.ts';
import type { ContentFile } from './discoverContent.ts';
import type { JsonSource } from './jsonSource.ts';
import type { ProjectPaths } from './projectPaths.ts';
import type { Language, Translations } from './translation/translationFiles.ts';

export interface ParsedFile {
  file: ContentFile;
  source: JsonSource;
  collected: Collected;
}

export interface PageRecord extends ParsedFile {
  /** The file's path under pages/ without .json, e.g. "internship/law"; stable across builds. */
  id: string;
  doc: PageDocument;
  /** The page's language (English when absent), whether its texts are in it, and the English page it is made from. */
  language?: Language;
  translated?: boolean;
  english?: { id: string; path: string };
}

export interface EntityRecord {
  collection: CollectionName;
  id: string;
  entity: Record<string, unknown>;
  parsed: ParsedFile;
  /** Where the entity sits in its file: "/items/3", or "" when the file is the entity. */
  pointer: string;
}

/** All content, parsed and valid: what the resolver and the site model are built from. */
export interface ContentModel {
  paths: ProjectPaths;
  site: SiteSettings;
  siteFile: ParsedFile;
  pages: PageRecord[];
  entities: Map<CollectionName, Map<string, EntityRecord>>;
  /** The language the documents read in: English, or a language laid over it by localiseModel. */
  language?: Language;
  /** Each document's texts in other languages, by the English document's file (checked: see translation/). */
  translations: Translations;
}

export function pageIdOf(fileRel: string): string {
  return fileRel.replace(/^pages\//, '').replace(/\.json$/, '');
}

export function normalisePath(p: string): string {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  return trimmed.toLowerCase();
}
