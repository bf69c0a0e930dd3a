import { pageLoaders, site } from 'virtual:site';
import type { ResolvedPage } from '../types.ts';
import { loadSections } from './sectionRegistry.ts';

/**
 * Pages and their section code, loaded once and kept, so a page renders synchronously once both are in: the
 * prerender, a page rendered per request, and `npm run dev` (which draws pages in the browser). The site's pages in a
 * browser never load these: their HTML is the page, and islands carry their own data.
 */
const ready = new Map<string, ResolvedPage>();
const inFlight = new Map<string, Promise<ResolvedPage>>();
let routesById: Map<string, (typeof site.routes)[number]> | undefined;

export function loadPage(pageId: string): Promise<ResolvedPage> {
  const done = ready.get(pageId);
  if (done) return Promise.resolve(done);
  let promise = inFlight.get(pageId);
  if (!promise) {
    const loader = pageLoaders[pageId];
    routesById ??= new Map(site.routes.map((r) => [r.pageId, r]));
    const route = routesById.get(pageId);
    if (!loader || !route) return Promise.reject(new Error(`Unknown page ${pageId}`));
    promise = Promise.all([loader(), loadSections(route.sectionTypes)]).then(([module]) => {
      ready.set(pageId, module.default);
      inFlight.delete(pageId);
      return module.default;
    });
    promise.catch(() => inFlight.delete(pageId));
    inFlight.set(pageId, promise);
  }
  return promise;
}
