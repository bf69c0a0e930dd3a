import { createContext, createElement, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react';

/**
 * The address the page is at, for the parts of a page that follow it (a role chosen by ?role=, the finder's filters,
 * a form's ?next=). In the browser it is the window's own location and history state, read through one store that
 * the navigation runtime (navigation.ts) tells when it changes; on the server, in tests and in the editor's preview it
 * is a fixed address given by <AtLocation>. This replaces React Router: the site's pages are the server's, so the
 * browser only needs to read the address, change its query and ask for another page.
 */
export interface SiteLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that led here handed on (the course chosen in the catalogue), kept in history.state. */
  state: unknown;
  /** One per history entry, so a page returned to by Back finds where it was scrolled to. */
  key: string;
}

export interface NavigateOptions {
  state?: unknown;
  replace?: boolean;
  /** Kept for the callers' sake: a change of query never scrolls; a new page starts at its top. */
  preventScrollReset?: boolean;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

/** What history.state holds for the site: the entry's key and the state handed on. */
export interface HistoryEntry {
  key: string;
  usr?: unknown;
}

/** An address of its own for what is drawn inside, and the way to change its query (a memory of the address, as MemoryRouter kept). */
interface OwnLocation {
  location: SiteLocation;
  navigate: Navigate;
}
const FixedLocation = createContext<OwnLocation | null>(null);

function parse(url: string, state: unknown, base = 'http://localhost'): SiteLocation {
  const parsed = new URL(url, base);
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash, state, key: 'default' };
}

/**
 * A fixed address for what is drawn inside: the prerender, a page rendered per request, tests, the editor's preview.
 * A change of query made inside (a role chosen in the preview) changes this address alone; no page is left.
 */
export function AtLocation({ url, state = null, children }: { url: string; state?: unknown; children: ReactNode }) {
  const [location, setLocation] = useState(() => parse(url, state));
  const value = useMemo<OwnLocation>(
    () => ({
      location,
      navigate: (to, options) => {
        const next = parse(to, options?.state ?? null, `http://localhost${location.pathname}`);
        if (next.pathname === location.pathname) setLocation(next);
      },
    }),
    [location],
  );
  return createElement(FixedLocation.Provider, { value }, children);
}

let snapshot: SiteLocation | undefined;
const listeners = new Set<() => void>();

function entry(): HistoryEntry | null {
  const state = window.history.state as HistoryEntry | null;
  return state && typeof state === 'object' && typeof state.key === 'string' ? state : null;
}

function browserLocation(): SiteLocation {
  if (!snapshot) {
    const { pathname, search, hash } = window.location;
    const current = entry();
    snapshot = { pathname, search, hash, state: current?.usr ?? null, key: current?.key ?? 'default' };
  }
  return snapshot;
}

/** The window's address changed (a page drawn, a query changed, Back): everything that follows it reads it again. */
export function locationChanged(): void {
  snapshot = undefined;
  for (const listener of [...listeners]) listener();
}

export function subscribeToLocation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's address, outside React (the navigation runtime, the chat link). */
export function currentLocation(): SiteLocation {
  return browserLocation();
}

/** A new key for a history entry. */
export function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Writes an address into the history without drawing a new page (a change of query on the same page). */
export function writeHistory(url: string, state: unknown, replace: boolean): void {
  const record: HistoryEntry = { key: replace ? (entry()?.key ?? newEntryKey()) : newEntryKey(), usr: state ?? undefined };
  if (replace) window.history.replaceState(record, '', url);
  else window.history.pushState(record, '', url);
  locationChanged();
}

// Until the navigation runtime starts (and wherever it never does: the editor's preview), following a link is the browser's.
let navigator: Navigate = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};

/** The navigation runtime takes over following links and asking for pages. */
export function setNavigator(next: Navigate): void {
  navigator = next;
}

/** Goes to an address of the site: the same page with another query, or another page (fetched and drawn in place). */
export const navigate: Navigate = (to, options) => navigator(to, options);

const noSubscription = () => () => {};

export function useLocation(): SiteLocation {
  const own = useContext(FixedLocation)?.location;
  // Hooks run in the same order either way; an address of its own is not the window's, so it needs no subscription.
  const live = useSyncExternalStore(
    own ? noSubscription : subscribeToLocation,
    () => own ?? browserLocation(),
    () => own ?? browserLocation(),
  );
  return own ?? live;
}

export function useNavigate(): Navigate {
  return useContext(FixedLocation)?.navigate ?? navigate;
}

/** What the page that led here handed on, once the page is in the browser (the prerendered page has none). */
export function useNavigationState<T>(): T | undefined {
  return (useLocation().state ?? undefined) as T | undefined;
}

type ParamsInit = URLSearchParams | Record<string, string>;

/** The address's query, and a way to change it on the same page (the entry added to the history unless replace). */
export function useSearchParams(): [URLSearchParams, (next: ParamsInit, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const go = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: ParamsInit, options: NavigateOptions = {}) => {
    const query = new URLSearchParams(next).toString();
    go(`${pathname}${query ? `?${query}` : ''}`, { ...options, state: options.state ?? null });
  };
  return [params, setParams];
}
