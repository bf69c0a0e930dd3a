import { type ComponentType, type ReactNode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { islandRegistry } from '../generated/islandRegistry.ts';
import { PRELOADED_DATA_ID } from '../shared/pageHtml.ts';
import type { PageUi, PreloadedData, ResolvedPage, SiteModel } from '../types.ts';
import { ISLAND_TAG, IslandTree, islandIdPrefix, PAGE_DATA_ID, type PageData } from './islands.tsx';

/** A page's data for its islands and what the server rendered it with, read from a document (this one, or one fetched). */
export interface PageState {
  data: PageData;
  preloaded: PreloadedData;
}

function readJson<T>(doc: ParentNode, id: string, fallback: T): T {
  const text = doc.querySelector(`script#${id}`)?.textContent;
  return text ? (JSON.parse(text) as T) : fallback;
}

export function readPageState(doc: ParentNode): PageState | undefined {
  const data = readJson<PageData | undefined>(doc, PAGE_DATA_ID, undefined);
  return data ? { data, preloaded: readJson<PreloadedData>(doc, PRELOADED_DATA_ID, {}) } : undefined;
}

/** The words a page carries; a group it does not carry is a mistake in an island's declaration, said plainly. */
function pageWords(words: Partial<PageUi>): PageUi {
  return new Proxy(words, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (value === undefined && typeof key === 'string' && /^[a-z][A-Za-z]+$/.test(key) && key !== 'then' && key !== 'toJSON')
        throw new Error(`This page carries no words "${key}": an island reads them without declaring them.`);
      return value;
    },
  }) as PageUi;
}

function siteOf(data: PageData): SiteModel {
  return { ...data.site, settings: { ...data.site.settings, ui: pageWords(data.words) } } as unknown as SiteModel;
}

export function islandsIn(scope: ParentNode): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-i]`)];
}

const roots = new Map<Element, Root>();

async function treeOf(element: HTMLElement, state: PageState, onReady?: () => void): Promise<{ tree: ReactNode; prefix: string }> {
  const index = Number(element.dataset['i']);
  const place = state.data.islands[index];
  if (!place || place.name !== element.dataset['island']) throw new Error(`No data for island ${element.dataset['island']} (${index}).`);
  const Component = (await islandRegistry[place.name].load()).default as ComponentType<object>;
  const tree = (
    <IslandTree
      site={siteOf(state.data)}
      page={state.data.page as ResolvedPage}
      preloaded={state.preloaded}
      headingLevel={place.headingLevel}
      {...(onReady ? { onReady } : {})}
    >
      <Component {...(place.props as object)} />
    </IslandTree>
  );
  return { tree, prefix: islandIdPrefix(index) };
}

const logRecoverable = (error: unknown) => console.error('An island was drawn again in the browser:', error);

/** Hydrates one island of the page as loaded: its prerendered HTML is kept, and a transition lets the page breathe. */
async function hydrateIsland(element: HTMLElement, state: PageState, onReady: () => void): Promise<void> {
  const { tree, prefix } = await treeOf(element, state, onReady);
  if (roots.has(element)) return;
  startTransition(() => {
    roots.set(element, hydrateRoot(element, tree, { identifierPrefix: prefix, onRecoverableError: logRecoverable }));
  });
}

// A new task: a message is answered before timers are, and unlike them is not held back to 4 ms.
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

const TOUCHES = ['pointerdown', 'focusin', 'keydown', 'input', 'change'] as const;

/**
 * Hydrates the page's islands, each in a task of its own so that none holds the page for long: those on screen first,
 * then the rest in the page's order; an island the visitor touches first is hydrated at once. A control used before its
 * island is hydrated has done what the browser does with it (the before-script design), and the island takes it up.
 * Resolves when every island has drawn.
 */
export async function hydrateIslands(state: PageState): Promise<void> {
  const pending = islandsIn(document);
  const onScreen = (element: HTMLElement) => {
    const box = (element.firstElementChild ?? element).getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  };
  const ordered = [...pending.filter(onScreen), ...pending.filter((e) => !onScreen(e))];
  let left = ordered.length;
  let allReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    allReady = resolve;
  });
  if (left === 0) allReady();
  const readied = new Set<Element>();
  const started = new Set<Element>();
  const onTouch = (event: Event) => {
    const island = (event.target as Element | null)?.closest?.(`${ISLAND_TAG}[data-i]`) as HTMLElement | null;
    if (island && pending.includes(island)) void start(island);
  };
  // A button tapped in an island React does not listen to yet (its code still coming) does nothing, or sends its form
  // the browser's way: the tap is kept instead, and made again once the island has drawn (the search button, issue 37).
  // Taps on links, boxes and fields are the browser's (the before-script design) and are left alone.
  const tapped = new Map<Element, HTMLButtonElement>();
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    const island = button?.closest(`${ISLAND_TAG}[data-i]`);
    if (!button || !island || roots.has(island) || !pending.includes(island as HTMLElement)) return;
    event.preventDefault();
    tapped.set(island, button);
  };
  document.addEventListener('click', onClick, { capture: true });
  const start = (element: HTMLElement) => {
    if (started.has(element)) return Promise.resolve();
    started.add(element);
    const onReady = () => {
      if (readied.has(element)) return;
      readied.add(element);
      const button = tapped.get(element);
      tapped.delete(element);
      if (button?.isConnected) setTimeout(() => button.click());
      if (--left === 0) allReady();
    };
    return hydrateIsland(element, state, onReady).catch((error: unknown) => {
      console.error(error);
      onReady();
    });
  };
  for (const type of TOUCHES) document.addEventListener(type, onTouch, { capture: true });
  for (const element of ordered) {
    await nextTask();
    await start(element);
  }
  for (const type of TOUCHES) document.removeEventListener(type, onTouch, { capture: true });
  await ready;
  document.removeEventListener('click', onClick, { capture: true });
}

/**
 * Draws the islands of a page just put in place by a navigation: at once and all together, as a page drawn by the app
 * is (the visitor is looking at it), from the data its HTML came with. The markup the server made is drawn again.
 */
export async function renderIslands(scope: ParentNode, state: PageState): Promise<void> {
  const elements = islandsIn(scope);
  const trees = await Promise.all(elements.map((element) => treeOf(element, state)));
  elements.forEach((element, i) => {
    const root = createRoot(element, { identifierPrefix: trees[i]!.prefix, onRecoverableError: logRecoverable });
    roots.set(element, root);
    flushSync(() => root.render(trees[i]!.tree));
  });
}

/** Loads the code of the islands a fetched page shows, before it is put in place (so it is drawn whole at once). */
export function loadIslandCode(state: PageState): Promise<unknown> {
  return Promise.all([...new Set(state.data.islands.map((p) => p.name))].map((name) => islandRegistry[name].load()));
}

/** Ends the islands inside a part of the page about to be replaced. */
export function unmountIslands(scope: ParentNode): void {
  for (const element of islandsIn(scope)) {
    roots.get(element)?.unmount();
    roots.delete(element);
  }
}
