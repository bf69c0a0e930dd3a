import { pageKindOf } from '../seo/pageKind.ts';
import { fromPointer } from '../shared/jsonPointer.ts';
import { LANGUAGES, type Language, languagePath, TRANSLATED_LANGUAGES } from '../shared/language.ts';
import type { Breadcrumb, CollectionName, EntityTables, ResolvedPage, Section } from '../types.ts';
import type { ContentModel, PageRecord } from './contentModel.ts';
import { normalisePath } from './contentModel.ts';
import { definitionOf } from './definitionOf.ts';

function setAt(target: unknown, pointer: string, value: unknown): void {
  const segments = fromPointer(pointer);
  const last = segments.pop();
  if (last === undefined) return;
  let node = target as Record<string, unknown>;
  for (const segment of segments) node = node[segment] as Record<string, unknown>;
  node[last] = value;
}

function resolveSettingLinks(model: ContentModel, value: unknown, links: { value: unknown; pointer: string }[], base = ''): void {
  for (const link of links) {
    if (typeof link.value !== 'string' || !link.value.startsWith('setting:')) continue;
    if (!link.pointer.startsWith(base)) continue;
    const resolved = model.site.links[link.value.slice('setting:'.length)];
    if (resolved) setAt(value, link.pointer.slice(base.length), resolved);
  }
}

/** Page title without the " | Brand" suffix, for breadcrumbs and menus. */
export function shortTitle(model: ContentModel, page: PageRecord): string {
  const menu = model.site.navigation.find((m) => m.href !== undefined && normalisePath(m.href) === normalisePath(page.doc.path));
  return (
    page.doc.nav?.label ?? menu?.label ?? page.doc.footer?.label ?? page.doc.title.replace(new RegExp(`\\s*[|–-]\\s*${escapeRegExp(model.site.name)}\\s*$`), '')
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Built once per model: resolving every page stays linear in the number of pages.
const pagesByPath = new WeakMap<ContentModel, Map<string, PageRecord>>();

function pageTable(model: ContentModel): Map<string, PageRecord> {
  let table = pagesByPath.get(model);
  if (!table) {
    table = new Map(model.pages.map((p) => [normalisePath(p.doc.path), p]));
    pagesByPath.set(model, table);
  }
  return table;
}

export function breadcrumbsFor(model: ContentModel, page: PageRecord): Breadcrumb[] {
  if ((page.english?.path ?? page.doc.path) === '/') return [];
  const byPath = pageTable(model);
  const crumbs: Breadcrumb[] = [];
  const home = byPath.get('/');
  if (home) crumbs.push({ label: home.doc.nav?.label ?? 'Home', path: '/' });
  const segments = page.doc.path.split('/').filter(Boolean);
  for (let i = 1; i < segments.length; i++) {
    const ancestor = byPath.get(normalisePath(`/${segments.slice(0, i).join('/')}`));
    if (ancestor) crumbs.push({ label: shortTitle(model, ancestor), path: ancestor.doc.path });
  }
  crumbs.push({ label: shortTitle(model, page), path: page.doc.path });
  return crumbs;
}

export function canonicalUrl(model: ContentModel, path: string): string {
  return model.site.siteUrl + encodeURI(path);
}

/** Whether a section draws a heading of its own (and so can carry the page's h1). */
function hasHeading(section: Section): boolean {
  return ('title' in section && typeof section.title === 'string') || Boolean(definitionOf(section)?.titlesPage);
}

/**
 * Joins the data a page refers to, replaces setting: links and lets each
 * section's definition make its changes (overrides merged), so the page never
 * waits for its own content. What it needs from other pages is added later
 * (see buildSiteContent), once every page is resolved.
 */
export function resolvePage(model: ContentModel, page: PageRecord): ResolvedPage {
  const sections = structuredClone(page.doc.sections) as Section[];
  resolveSettingLinks(model, sections, page.collected.links, '/sections');

  const wanted: { collection: CollectionName; id: string }[] = page.collected.refs.map((r) => ({
    collection: r.collection as CollectionName,
    id: String(r.value),
  }));
  for (const section of sections) {
    for (const collection of definitionOf(section)?.needs?.(section) ?? []) {
      for (const id of model.entities.get(collection)?.keys() ?? []) wanted.push({ collection, id });
    }
  }
  const entities: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  while (wanted.length > 0) {
    const { collection, id } = wanted.pop()!;
    const key = `${collection}/${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const record = model.entities.get(collection)?.get(id);
    if (!record) continue;
    const entity = structuredClone(record.entity);
    delete entity['$schema'];
    const inside = (pointer: string) => record.pointer === '' || pointer === record.pointer || pointer.startsWith(`${record.pointer}/`);
    resolveSettingLinks(
      model,
      entity,
      record.parsed.collected.links.filter((l) => inside(l.pointer)),
      record.pointer,
    );
    entities[collection] ??= {};
    entities[collection][id] = entity;
    for (const ref of record.parsed.collected.refs) {
      if (inside(ref.pointer)) wanted.push({ collection: ref.collection as CollectionName, id: String(ref.value) });
    }
  }

  // Keep each table in file order, so "all of a collection" reads in the order authors wrote it.
  const ordered: Record<string, Record<string, unknown>> = {};
  for (const [collection, table] of model.entities) {
    const picked = entities[collection];
    if (!picked) continue;
    ordered[collection] = {};
    for (const id of table.keys()) if (id in picked) ordered[collection][id] = picked[id];
  }

  const firstHeading = sections.findIndex(hasHeading);
  const language = page.language ?? 'en';
  const translated = page.translated ?? true;
  const englishPath = page.english?.path ?? page.doc.path;
  const index = (page.doc.index ?? true) && translated;
  const written = TRANSLATED_LANGUAGES.filter((l) => model.translations.get(page.file.rel)?.get(l)?.complete);
  const resolved: ResolvedPage = {
    id: page.id,
    path: page.doc.path,
    language,
    translated,
    languagePaths: Object.fromEntries(LANGUAGES.map((l) => [l, languagePath(l, englishPath)])) as Record<Language, string>,
    alternates:
      index && written.length ? [{ language: 'en', path: englishPath }, ...written.map((l) => ({ language: l, path: languagePath(l, englishPath) }))] : [],
    aliases: page.doc.aliases ?? [],
    title: page.doc.title,
    label: shortTitle(model, page),
    description: page.doc.description,
    kind: pageKindOf(
      englishPath,
      sections.map((section) => definitionOf(section)?.pageKind),
    ),
    headingSection: firstHeading === 0 ? 0 : -1,
    subpaths: page.doc.subpaths ?? false,
    index,
    canonicalUrl: canonicalUrl(model, page.doc.path),
    sections,
    entities: ordered as EntityTables,
    derived: {},
    islandFacts: [],
    breadcrumbs: breadcrumbsFor(model, page),
    variants: [],
    skipLinks: sections.flatMap((section) => definitionOf(section)?.skipLink?.(section as never, model.site.ui) ?? []),
  };
  for (const section of sections) definitionOf(section)?.resolve?.(section, resolved);
  return resolved;
}
