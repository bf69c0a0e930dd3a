import { findByPath, pathKey } from '../shared/pathKey.ts';
import type { SiteModel } from '../types.ts';

export interface PageMatch {
  pageId: string;
  notFound: boolean;
}

interface Tables {
  exact: Map<string, string>;
  withSubpaths: Map<string, string>;
}

// One pair of tables per site model, built on first use: a lookup costs the same with 50 pages or 50,000.
const tables = new WeakMap<SiteModel, Tables>();

function tablesFor(site: SiteModel): Tables {
  let built = tables.get(site);
  if (!built) {
    built = { exact: new Map(), withSubpaths: new Map() };
    for (const route of site.routes) {
      for (const path of [route.path, ...route.aliases]) {
        const key = pathKey(path);
        if (key === undefined) continue;
        built.exact.set(key, route.pageId);
        if (route.subpaths) built.withSubpaths.set(key, route.pageId);
      }
    }
    tables.set(site, built);
  }
  return built;
}

/** The page for a pathname, by path or alias and without regard to case; the not-found page when there is none. */
export function matchPage(site: SiteModel, pathname: string): PageMatch {
  const { exact, withSubpaths } = tablesFor(site);
  const pageId = findByPath(pathname, exact, withSubpaths);
  return pageId === undefined ? { pageId: site.notFoundPageId, notFound: true } : { pageId, notFound: false };
}
