import { pathKey } from '../shared/pathKey.ts';
import type { SiteModel } from '../types.ts';

export interface PageMatch {
  pageId: string;
  notFound: boolean;
}

// One table per site model, built on first use: a lookup costs the same with 50 pages or 50,000.
const tables = new WeakMap<SiteModel, Map<string, string>>();

function tableFor(site: SiteModel): Map<string, string> {
  let table = tables.get(site);
  if (!table) {
    table = new Map();
    for (const route of site.routes) {
      for (const path of [route.path, ...route.aliases]) {
        const key = pathKey(path);
        if (key !== undefined) table.set(key, route.pageId);
      }
    }
    tables.set(site, table);
  }
  return table;
}

/** The page for a pathname, by path or alias and without regard to case; the not-found page when there is none. */
export function matchPage(site: SiteModel, pathname: string): PageMatch {
  const key = pathKey(pathname);
  const pageId = key === undefined ? undefined : tableFor(site).get(key);
  return pageId === undefined ? { pageId: site.notFoundPageId, notFound: true } : { pageId, notFound: false };
}
