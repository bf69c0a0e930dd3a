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
/** The loads a page being drawn waits for (not those started ahead, when a link is touched): the loading bar shows for them. */
const awaited = new Set<string>();
const listeners = new Set<() => void>();

// Told after the current render: a page asks for its content while it renders, and the bar is another component.
function notify(): void {
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

export function readyPage(pageId: string): ResolvedPage | undefined {
  return ready.get(pageId);
}

let routesById: Map<string, (typeof site.routes)[number]> | undefined;

/** A page's content and section code, wanted now: a page is waiting to be drawn with them. */
export function loadPage(pageId: string): Promise<ResolvedPage> {
  const done = ready.get(pageId);
  if (done) return Promise.resolve(done);
  if (!awaited.has(pageId)) {
    awaited.add(pageId);
    notify();
  }
  return fetchPage(pageId);
}

/** The same, asked for ahead (a link is touched or hovered), so following it waits less; nothing is shown for it. */
export function preloadPage(pageId: string): void {
  if (!ready.has(pageId)) fetchPage(pageId).catch(() => undefined);
}

function fetchPage(pageId: string): Promise<ResolvedPage> {
  let promise = inFlight.get(pageId);
  if (!promise) {
    const loader = pageLoaders[pageId];
    routesById ??= new Map(site.routes.map((r) => [r.pageId, r]));
    const route = routesById.get(pageId);
    if (!loader || !route) return Promise.reject(new Error(`Unknown page ${pageId}`));
    promise = Promise.all([loader(), loadSections(route.sectionTypes)]).then(([module]) => {
      ready.set(pageId, module.default);
      inFlight.delete(pageId);
      awaited.delete(pageId);
      notify();
      return module.default;
    });
    promise.catch(() => {
      inFlight.delete(pageId);
      awaited.delete(pageId);
      notify();
    });
    inFlight.set(pageId, promise);
  }
  return promise;
}

export function isLoadingAnyPage(): boolean {
  return awaited.size > 0;
}

export function subscribeToPageLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
