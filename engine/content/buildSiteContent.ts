import type { SearchAnswerText, SearchRecord } from '../search/searchTypes.ts';
import { pathKey } from '../shared/pathKey.ts';
import type { Applyable, ResolvedPage, SiteModel } from '../types.ts';
import { buildSiteModel } from './buildSiteModel.ts';
import type { ContentModel, PageRecord } from './contentModel.ts';
import { definitionOf } from './definitionOf.ts';
import { resolvePage } from './resolvePage.ts';
import { buildSearchAnswers, buildSearchRecords } from './search/buildSearchRecords.ts';
import type { BuildContext, ContentIndex } from './sectionDefinition.ts';
import { type JsonLd, structuredDataKey } from './seo/jsonLd.ts';
import { structuredData } from './seo/structuredData.ts';

/** Everything the site is built from: the site model, each page resolved, search records and each page's JSON-LD. */
export interface SiteContent {
  site: SiteModel;
  /** Resolved pages, by page id, in the order of pages/. */
  pages: Map<string, ResolvedPage>;
  search: SearchRecord[];
  /** What search says about things the site does not have, filled in. */
  searchAnswers: SearchAnswerText[];
  structuredData: Map<string, JsonLd[]>;
  /** Everything a student can apply for (the release's applyables.json). */
  applyables: Applyable[];
}

const byNavOrder = (a: PageRecord, b: PageRecord) => (a.doc.nav?.order ?? 100) - (b.doc.nav?.order ?? 100) || a.doc.path.localeCompare(b.doc.path);

/**
 * The build in four passes, each over every page: resolve (data joined,
 * overrides merged), index (what each page shows), derive (what a page needs
 * from the others), then search records and JSON-LD. Each pass asks the
 * sections' definitions; every pass after the first reads resolved pages only.
 */
export function buildSiteContent(model: ContentModel, buildYear?: number): SiteContent {
  const pages = new Map(model.pages.map((record) => [record.id, resolvePage(model, record)]));
  const byPath = new Map<string, ResolvedPage>();
  for (const page of pages.values()) for (const path of [page.path, ...page.aliases]) byPath.set(pathKey(path) ?? path, page);
  const context: BuildContext = { model, pageAt: (path) => byPath.get(pathKey(path) ?? path) };

  const index: ContentIndex = { professionalCourses: [], openingPaths: {}, internshipRoles: [], applyables: [] };
  for (const record of [...model.pages].sort(byNavOrder)) {
    const page = pages.get(record.id)!;
    for (const section of page.sections) definitionOf(section)?.index?.(section, page, index, context);
  }
  for (const page of pages.values()) {
    for (const section of page.sections) {
      const definition = definitionOf(section);
      const derived = definition?.derive?.(section, page, index, context);
      Object.assign(page.derived, derived);
      // What an interactive section takes from other pages is its island's to read once the page is live (the way back
      // to the finder, drawn only for filters the address carries), whatever it read as the page was prerendered.
      if (definition?.interactive && derived) page.islandFacts.push(...(Object.keys(derived) as (keyof typeof derived)[]));
    }
    page.variants = page.sections.flatMap((section) => definitionOf(section)?.variants?.(section, page, context) ?? []);
  }

  const site = buildSiteModel(model, buildYear);
  const search = buildSearchRecords([...pages.values()], context);
  const jsonLd = new Map<string, JsonLd[]>();
  for (const [id, page] of pages) {
    jsonLd.set(structuredDataKey(id), structuredData(page, site));
    for (const variant of page.variants) jsonLd.set(structuredDataKey(id, variant), structuredData(page, site, variant));
  }
  return { site, pages, search, searchAnswers: buildSearchAnswers(model, index), structuredData: jsonLd, applyables: index.applyables };
}
