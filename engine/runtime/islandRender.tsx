import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { islandRegistry } from '../generated/islandRegistry.ts';
import { LOCALES, setRenderLocale } from '../shared/language.ts';
import { scriptSafeJson } from '../shared/pageHtml.ts';
import type { PageUi, PreloadedData, ResolvedPage, SiteModel, WordGroup } from '../types.ts';
import {
  ALWAYS_WORDS,
  ISLAND_TAG,
  type IslandPageFacts,
  type IslandPlace,
  type IslandSite,
  IslandTree,
  islandIdPrefix,
  PAGE_DATA_ID,
  type PageData,
} from './islands.tsx';
import { AtLocation } from './location.ts';

const HOISTED = /<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>/y;

/** React 19 emits a render's <title>, <meta> and <link> tags at the start of its output; they belong in <head>. */
export function splitHoisted(html: string): { head: string; body: string } {
  const head: string[] = [];
  HOISTED.lastIndex = 0;
  let end = 0;
  for (let match = HOISTED.exec(html); match; match = HOISTED.exec(html)) {
    head.push(match[0]);
    end = HOISTED.lastIndex;
  }
  return { head: head.join('\n'), body: html.slice(end) };
}

/** What no island may read of the site: the prerendered page has the menus, and the route table grows with the site. */
const NOT_FOR_ISLANDS = ['nav', 'footer', 'routes'] as const;

/** The site as every island of a page is given it, words aside: the same few kilobytes whatever the site's size. */
export function islandSiteOf(site: SiteModel): IslandSite {
  const { nav: _nav, footer: _footer, routes: _routes, settings, ...rest } = site;
  const { ui: _ui, ...settingsWithoutWords } = settings;
  return { ...rest, settings: settingsWithoutWords };
}

/** The site with these words, refusing what islands are not given (a mistake to find at build, not in a visitor's browser). */
export function islandSiteView(site: IslandSite, words: PageUi, island: string): SiteModel {
  const view = { ...site, settings: { ...site.settings, ui: words } };
  return new Proxy(view, {
    get(target, key, receiver) {
      if ((NOT_FOR_ISLANDS as readonly (string | symbol)[]).includes(key))
        throw new Error(`The island ${island} reads the site's ${String(key)}, which islands are not given: the prerendered page has it.`);
      return Reflect.get(target, key, receiver);
    },
  }) as unknown as SiteModel;
}

/** The words of these groups; reading another group of the site's words is an error naming the island and the group. */
export function declaredWords(ui: PageUi, groups: ReadonlySet<string>, island: string): PageUi {
  return new Proxy(ui, {
    get(target, key, receiver) {
      if (typeof key === 'string' && Object.hasOwn(target, key) && !groups.has(key))
        throw new Error(
          `The island ${island} reads the words "${key}", which it does not declare: add "${key}" to its words (its section's definition.ts, or engine/layout/islands.ts).`,
        );
      return Reflect.get(target, key, receiver);
    },
  });
}

/** Watches which collections and derived facts the islands of a page read, so the page carries those and no others. */
function trackPage(page: ResolvedPage) {
  const entities = new Set<string>();
  // What the page's interactive sections derived is carried whether or not they read it as the page was rendered.
  const derived = new Set<string>(page.islandFacts);
  const watch = <T extends object>(object: T, seen: Set<string>): T =>
    new Proxy(object, {
      get(target, key, receiver) {
        if (typeof key === 'string') seen.add(key);
        return Reflect.get(target, key, receiver);
      },
      ownKeys(target) {
        for (const key of Reflect.ownKeys(target)) if (typeof key === 'string') seen.add(key);
        return Reflect.ownKeys(target);
      },
    });
  const view = new Proxy(page, {
    get(target, key, receiver) {
      if (key === 'sections') throw new Error("An island reads the page's sections: it is given its own section's props, and the page's facts.");
      if (key === 'entities') return watch(target.entities, entities);
      if (key === 'derived') return watch(target.derived, derived);
      return Reflect.get(target, key, receiver);
    },
  });
  const pick = <T extends object>(object: T, keys: Set<string>): T => Object.fromEntries(Object.entries(object).filter(([key]) => keys.has(key))) as T;
  const facts = (): IslandPageFacts => {
    const { sections: _sections, islandFacts: _islandFacts, ...rest } = page;
    return { ...rest, entities: pick(page.entities, entities), derived: pick(page.derived, derived) };
  };
  return { view, facts };
}

export interface IslandRenderContext {
  site: SiteModel;
  page: ResolvedPage;
  preloaded: PreloadedData;
  url: string;
}

/**
 * Fills the empty <ic-island> elements of a page's markup, each island rendered on its own (its own useId prefix, as
 * its own root will be in the browser) with the facts the page will carry for it, and adds the page's data after them.
 * Returns the page's markup and the head tags its islands render (a certificate's page names itself).
 */
export async function renderIslands(markup: string, places: readonly IslandPlace[], context: IslandRenderContext): Promise<{ body: string; head: string[] }> {
  const { site, page, preloaded, url } = context;
  const tracked = trackPage(page);
  const islandSite = islandSiteOf(site);
  const groups = new Set<WordGroup>(ALWAYS_WORDS);
  const head: string[] = [];
  const parts: string[] = [];
  let rest = markup;
  for (const [index, place] of places.entries()) {
    const entry = islandRegistry[place.name];
    const Component = (await entry.load()).default as ComponentType<object>;
    const declared = new Set<string>([...entry.words, ...ALWAYS_WORDS]);
    for (const group of entry.words) groups.add(group);
    setRenderLocale(LOCALES[page.language]);
    const html = renderToString(
      <AtLocation url={url}>
        <IslandTree
          site={islandSiteView(islandSite, declaredWords(site.settings.ui, declared, place.name), place.name)}
          page={tracked.view}
          preloaded={preloaded}
          headingLevel={place.headingLevel}
        >
          <Component {...(place.props as object)} />
        </IslandTree>
      </AtLocation>,
      { identifierPrefix: islandIdPrefix(index) },
    );
    const hoisted = splitHoisted(html);
    if (hoisted.head) head.push(hoisted.head);
    // The island's empty element, as React wrote it; found by plain search, so nothing in the page is read as a pattern.
    const empty = `<${ISLAND_TAG} data-island="${place.name}" data-i="${index}"></${ISLAND_TAG}>`;
    const at = rest.indexOf(empty);
    if (at === -1) throw new Error(`The page ${page.path} has no place for its island ${place.name} (${index}).`);
    const open = empty.length - `</${ISLAND_TAG}>`.length;
    parts.push(rest.slice(0, at + open), hoisted.body);
    rest = rest.slice(at + open);
  }
  parts.push(rest);
  const words = Object.fromEntries([...groups].sort().map((group) => [group, site.settings.ui[group]])) as Partial<PageUi>;
  const data: PageData = { site: islandSite, page: tracked.facts(), words, islands: [...places] };
  parts.push(`<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(data)}</script>`);
  return { body: parts.join(''), head };
}
