import flashStyles from '../layout/Layout.module.css';
import { API_PREFIX } from '../shared/apiRoutes.ts';
import { loadIslandCode, type PageState, readPageState, renderIslands, unmountIslands } from './islandRoots.tsx';
import { PAGE_DATA_ID } from './islands.tsx';
import { currentLocation, type HistoryEntry, locationChanged, type NavigateOptions, newEntryKey, setNavigator, writeHistory } from './location.ts';
import { beginNavigation, endNavigation } from './navigationProgress.ts';

/**
 * Following the site's links without loading a whole page: a tap on a link of the site fetches the next page's HTML
 * (the server has it prerendered, or renders it, as for a certificate's page), and when it is here its main part and
 * head tags take the place of the current page's, its islands are drawn, and the address, the scroll and the focus are
 * set as a new page's would be. Progress shows from the tap (navigationProgress.ts). A page that cannot be fetched so,
 * or that comes from another build of the site, is loaded the browser's way. No router: the server's table of pages is
 * the only one, and a page's HTML carries the data its islands need.
 */

const FILE = /\.(pdf|svg|png|jpe?g|webp|avif|webm|mp4|xml|txt|json)$/i;
/** The head tags that belong to the page (those of the site stay: the stylesheet, the icon, the entry script). */
const PAGE_HEAD =
  'title, meta[name="description"], meta[name="robots"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], script[type="application/ld+json"], link[rel="preload"][as="image"]';
const PRELOADED_SCRIPT = 'script#preloaded-data';

interface FetchedPage {
  doc: Document;
  state: PageState;
  /** Where the answer came from, after any redirect. */
  url: URL;
}

/** The entry script of a document: a page from another build needs that build's code, so it is loaded whole. */
function entryOf(doc: Document): string | null {
  return doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

const pages = new Map<string, Promise<FetchedPage | undefined>>();
const keyOf = (url: URL) => url.pathname + url.search;

function fetchPage(url: URL): Promise<FetchedPage | undefined> {
  const key = keyOf(url);
  let page = pages.get(key);
  if (!page) {
    page = fetch(key, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      .then(async (response) => {
        if (!(response.headers.get('content-type') ?? '').includes('text/html')) return undefined;
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        const state = readPageState(doc);
        // A page of another language, too, is loaded whole: the header, footer and words around <main> are its language's.
        if (!state || !doc.getElementById('main') || entryOf(doc) !== entryOf(document) || doc.documentElement.lang !== document.documentElement.lang)
          return undefined;
        // The next page's code is asked for with its HTML, so following the link waits for neither.
        void loadIslandCode(state).catch(() => undefined);
        return { doc, state, url: new URL(response.url || url.href) };
      })
      .catch(() => undefined);
    pages.set(key, page);
    // A page fetched ahead is kept for a while: the site changes with each release, and Back asks again.
    const kept = page;
    setTimeout(() => pages.get(key) === kept && pages.delete(key), 60_000);
  }
  return page;
}

/** A link the site follows itself: an address of this site that is a page, opened here, with no modifier key. */
function followable(link: HTMLAnchorElement): boolean {
  const href = link.getAttribute('href') ?? '';
  return (
    href.startsWith('/') &&
    link.origin === window.location.origin &&
    (!link.target || link.target === '_self') &&
    !link.hasAttribute('download') &&
    !FILE.test(link.pathname) &&
    !link.pathname.startsWith(API_PREFIX) &&
    // The other language's page is loaded whole, chrome and words in it (runtime/languageSwitch.ts).
    !link.hasAttribute('data-language-switch') &&
    !/^\/staff(\/|$)/.test(link.pathname)
  );
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const link = (target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  return link && followable(link) ? link : null;
}

/** The path of the page on screen: a change of query or hash alone stays on it. */
let drawnPath = '';
let navigations = 0;
/**
 * Where each entry of the history was scrolled to, so Back returns to the same place: the offset, and what was at the
 * top of the screen (its place among the main part's elements, and how far from the top). The page Back draws is a
 * fresh copy whose long lists' cards off screen have a usual height until drawn (content-visibility), so the offset
 * alone can land a card or two away; the element is then put back where it was.
 */
interface ScrolledTo {
  y: number;
  anchor?: { path: number[]; top: number };
}
const scrolled = new Map<string, ScrolledTo>();

/** The element at the top of the screen, as its place among the main part's elements (child indexes), with its top. */
function topOfScreen(): ScrolledTo['anchor'] {
  const main = document.getElementById('main');
  // The first of the main part's elements there, under the header when it stays at the top.
  let element = document.elementsFromPoint(window.innerWidth / 2, 1).find((e) => e !== main && main?.contains(e)) ?? null;
  if (!main || !element) return undefined;
  const top = element.getBoundingClientRect().top;
  const path: number[] = [];
  while (element && element !== main) {
    path.unshift(Array.prototype.indexOf.call(element.parentElement!.children, element));
    element = element.parentElement;
  }
  return { path, top };
}

function restoreScroll(to: ScrolledTo): void {
  window.scrollTo({ top: to.y, behavior: 'instant' });
  if (!to.anchor) return;
  let element: Element | null | undefined = document.getElementById('main');
  for (const index of to.anchor.path) element = element?.children[index];
  if (element) window.scrollBy({ top: element.getBoundingClientRect().top - to.anchor.top, behavior: 'instant' });
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  const target = document.getElementById(decodeURIComponent(hash.slice(1)));
  target?.scrollIntoView({ behavior: 'instant' });
  return Boolean(target);
}

function replaceHead(doc: Document): void {
  for (const element of document.head.querySelectorAll(PAGE_HEAD)) element.remove();
  for (const element of doc.head.querySelectorAll(PAGE_HEAD)) document.head.append(document.adoptNode(element));
}

/** The menu marks the page shown: the new page's header says which entry that is. */
function markCurrentInHeader(doc: Document): void {
  const marked = (root: ParentNode) => [...root.querySelectorAll('header nav a, header nav li')].filter((element) => !element.closest('ic-island'));
  const mine = marked(document);
  const theirs = marked(doc);
  if (mine.length !== theirs.length) return;
  mine.forEach((element, i) => {
    for (const name of ['aria-current', 'data-current']) {
      const value = theirs[i]!.getAttribute(name);
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  });
}

/** A sentence the previous page left for this one (log-in's "Login successful!"), above its content. */
function showFlash(main: HTMLElement, state: unknown): void {
  const flash = (state as { flash?: unknown } | null)?.flash;
  if (typeof flash !== 'string') return;
  const box = document.createElement('div');
  box.className = 'container';
  const line = document.createElement('p');
  line.setAttribute('role', 'status');
  line.className = `alert alert--success ${flashStyles.flash}`;
  line.textContent = flash;
  box.append(line);
  main.prepend(box);
}

/** Puts a fetched page in place of the one shown, then draws its islands and sets scroll and focus as a new page's. */
async function show(page: FetchedPage, hash: string, options: NavigateOptions, pop: boolean): Promise<void> {
  const main = document.getElementById('main')!;
  const next = page.doc.getElementById('main')!;
  unmountIslands(main);
  if (!pop) {
    const entry: HistoryEntry = { key: newEntryKey(), usr: options.state ?? undefined };
    const address = page.url.pathname + page.url.search + hash;
    if (options.replace) window.history.replaceState(entry, '', address);
    else window.history.pushState(entry, '', address);
  }
  drawnPath = window.location.pathname;
  locationChanged();
  replaceHead(page.doc);
  main.replaceChildren(...[...next.childNodes].map((node) => document.adoptNode(node)));
  for (const [id, selector] of [
    [PAGE_DATA_ID, `script#${PAGE_DATA_ID}`],
    ['preloaded-data', PRELOADED_SCRIPT],
  ] as const) {
    const mine = document.getElementById(id);
    const theirs = page.doc.querySelector(selector);
    if (theirs) {
      if (mine) mine.replaceWith(document.adoptNode(theirs));
      else (id === PAGE_DATA_ID ? document.getElementById('root')! : document.body).append(document.adoptNode(theirs));
    } else mine?.remove();
  }
  markCurrentInHeader(page.doc);
  // The skip links of the page's own (to the finder's filters) are the new page's.
  const skips = page.doc.querySelector('[data-page-skips]');
  if (skips) document.querySelector('[data-page-skips]')?.replaceWith(document.adoptNode(skips));
  // The switch between languages names the new page in the other language.
  const switches = page.doc.querySelectorAll('a[data-language-switch]');
  document.querySelectorAll('a[data-language-switch]').forEach((link, i) => {
    const href = switches[i]?.getAttribute('href');
    if (href) link.setAttribute('href', href);
  });
  // Scrolled before its islands are drawn: the new page is painted as soon as it is in place, and must be painted
  // where it starts (its top, its part, or where Back returns to), not where the old page was scrolled to.
  const returnTo = pop ? scrolled.get(currentLocation().key) : undefined;
  if (returnTo !== undefined) restoreScroll(returnTo);
  else if (!scrollToHash(hash)) window.scrollTo({ top: 0, behavior: 'instant' });
  await renderIslands(main, page.state);
  showFlash(main, currentLocation().state);
  // For screen readers, the new page starts here.
  main.focus({ preventScroll: true });
  watchLinks(main);
}

/** Goes to an address: on the page shown, only the address changes (what follows it redraws); else the page is fetched. */
async function go(to: string, options: NavigateOptions = {}, pop = false): Promise<void> {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  if (url.pathname === drawnPath) {
    if (pop) locationChanged();
    else {
      const here = window.location.pathname + window.location.search + window.location.hash;
      writeHistory(url.pathname + url.search + url.hash, options.state, options.replace ?? here === url.pathname + url.search + url.hash);
      scrollToHash(url.hash);
    }
    return;
  }
  const navigation = ++navigations;
  beginNavigation();
  const page = await fetchPage(url);
  if (navigation !== navigations) return;
  pages.delete(keyOf(url));
  if (!page) {
    // Not a page this build can draw (another build's, a file, a network failure): the browser loads it.
    if (pop) window.location.reload();
    else window.location.assign(url.href);
    return;
  }
  try {
    await loadIslandCode(page.state);
    if (navigation !== navigations) return;
    await show(page, url.hash, options, pop);
  } catch (error) {
    console.error(error);
    window.location.assign(url.href);
    return;
  } finally {
    if (navigation === navigations) endNavigation();
  }
}

/** Links a page marks as likely next taps (the finder's roles): fetched once on screen a moment and the page idle, unless data is saved. */
let seen: IntersectionObserver | undefined;
function watchLinks(scope: ParentNode): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData || typeof IntersectionObserver !== 'function') return;
  seen ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      seen?.unobserve(entry.target);
      const link = entry.target as HTMLAnchorElement;
      const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 300));
      idle(() => void fetchPage(new URL(link.href)));
    }
  });
  for (const link of scope.querySelectorAll<HTMLAnchorElement>('a[data-prefetch]')) seen.observe(link);
}

/** Takes over the site's links, Back and Forward, and the address's changes; the page as loaded is the first one. */
export function startNavigation(): void {
  drawnPath = window.location.pathname;
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  // The first entry gets a key of its own, so Back to it finds where it was scrolled to.
  if (!(window.history.state as HistoryEntry | null)?.key) window.history.replaceState({ key: newEntryKey() }, '');
  setNavigator((to, options) => void go(to, options));

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = linkOf(event.target);
    if (!link) return;
    event.preventDefault();
    const state = link.dataset['state'] ? (JSON.parse(link.dataset['state']) as unknown) : undefined;
    void go(link.pathname + link.search + link.hash, { state });
  });
  // The page behind a link is fetched from the moment a finger or pointer is on it: the tap's own time is saved.
  const ahead = (event: Event) => {
    const link = linkOf(event.target);
    if (link && link.pathname !== drawnPath) void fetchPage(new URL(link.href));
  };
  document.addEventListener('pointerdown', ahead, { passive: true });
  document.addEventListener('mouseover', ahead, { passive: true });
  document.addEventListener('focusin', ahead);
  window.addEventListener('popstate', () => {
    if (window.location.pathname !== drawnPath) beginNavigation();
    void go(window.location.href, {}, true);
  });
  let frame = 0;
  window.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const anchor = topOfScreen();
        scrolled.set(currentLocation().key, anchor ? { y: window.scrollY, anchor } : { y: window.scrollY });
      });
    },
    { passive: true },
  );
  watchLinks(document);
}
