import { pageLoaders, site } from 'virtual:site';
import type { ResolvedPage } from '../types.ts';
import { loadSections } from './sectionRegistry.ts';

/**
 * Pages and their section code, loaded once and kept. A page is "ready" when
 * both its content chunk and the code of its sections have arrived, so it can
 * render synchronously: on the server, at hydration, and after navigation.
 */
const ready = new Map<string, ResolvedPage>();
const inFlight = new Map<string, Promise<ResolvedPage>>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readyPage(pageId: string): ResolvedPage | undefined {
  return ready.get(pageId);
}

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
      notify();
      return module.default;
    });
    promise.catch(() => {
      inFlight.delete(pageId);
      notify();
    });
    inFlight.set(pageId, promise);
    notify();
  }
  return promise;
}

export function isLoadingAnyPage(): boolean {
  return inFlight.size > 0;
}

export function subscribeToPageLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
