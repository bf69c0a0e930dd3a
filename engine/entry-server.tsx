import { site, sites } from 'virtual:site';
import structuredData from 'virtual:structured-data';
import { renderToString } from 'react-dom/server';
import { setApiBase } from './api/client.ts';
import { structuredDataKey } from './content/seo/jsonLd.ts';
import AuthNav from './layout/AuthNav.tsx';
import { Layout } from './layout/Layout.tsx';
import { SiteProvider } from './runtime/contexts.tsx';
import { renderIslands, splitHoisted } from './runtime/islandRender.tsx';
import { Island, IslandCollector, type IslandPlace } from './runtime/islands.tsx';
import { AtLocation } from './runtime/location.ts';
import { PageContent } from './runtime/PageView.tsx';
import { loadPage } from './runtime/pageStore.ts';
import type { PreloadedData } from './runtime/preloaded.tsx';
import { PreloadedProvider } from './runtime/preloaded.tsx';
import { matchPage } from './runtime/routes.ts';
import { LOCALES, languageOfPath, setRenderLocale } from './shared/language.ts';

export { splitHoisted };

setApiBase(site.settings.api?.base);

export interface RenderedPage {
  pageId: string;
  status: 200 | 404;
  /** <title>, <meta> and <link> tags for the document head. */
  head: string;
  /** The markup that goes inside #root, with the page's data for its islands at its end. */
  body: string;
  /** schema.org objects for <script type="application/ld+json">. */
  jsonLd: Record<string, unknown>[];
  /** Whether search engines may list the page (and so whether it belongs in the sitemap). */
  index: boolean;
  canonicalUrl: string;
  /** The page's language, as <html lang> says it (en-IN, hi-IN). */
  lang: string;
  /** Its addresses in the languages it is written in (hreflang pairs; empty when there is one). */
  alternates: { language: string; url: string }[];
  /** The choices a link may make on this page (?role=…), each prerendered on its own. */
  variants: { param: string; value: string }[];
  /** The islands the page shows (their code is what it preloads). */
  islands: string[];
}

/**
 * The React markup of one route: the page whole, its islands left empty and each then rendered on its own, as the
 * browser will hydrate it (runtime/islandRender.tsx). Also what the benchmark times as the least a render costs.
 */
export async function renderMarkup(
  url: string,
  preloaded: PreloadedData = {},
): Promise<{ html: string; head: string[]; pageId: string; notFound: boolean; islands: string[] }> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const match = matchPage(site, pathname);
  // An address under a language's path that finds nothing is answered by that language's not-found page.
  const { language } = languageOfPath(pathname);
  const pageId = match.notFound ? sites[language].notFoundPageId : match.pageId;
  const notFound = match.notFound;
  const page = await loadPage(pageId);
  const pageSite = sites[page.language];
  const places: IslandPlace[] = [];
  // One page, one language: the numbers, dates and counted words of this synchronous render are written in it.
  setRenderLocale(LOCALES[page.language]);
  const markup = renderToString(
    <AtLocation url={url}>
      <SiteProvider site={pageSite}>
        <PreloadedProvider data={preloaded}>
          <IslandCollector.Provider value={places}>
            <Layout page={page} authSlot={<Island name="AuthNav" component={AuthNav} props={{}} />}>
              <PageContent page={page} />
            </Layout>
          </IslandCollector.Provider>
        </PreloadedProvider>
      </SiteProvider>
    </AtLocation>,
  );
  const { head, body } = splitHoisted(markup);
  const islands = await renderIslands(body, places, { site: pageSite, page, preloaded, url });
  return { html: islands.body, head: [head, ...islands.head], pageId, notFound, islands: [...new Set(places.map((p) => p.name))] };
}

/** One route's page; `preloaded` is the data of a page rendered per request (see runtime/preloaded.tsx). */
export async function render(url: string, preloaded: PreloadedData = {}): Promise<RenderedPage> {
  const { html, head, pageId, notFound, islands } = await renderMarkup(url, preloaded);
  const page = await loadPage(pageId);
  // A variant's file (?role=…) carries the markup of what it shows: its chosen role's job posting.
  const query = new URL(url, 'http://localhost').searchParams;
  const variant = page.variants.find((v) => query.get(v.param) === v.value);
  return {
    pageId,
    status: notFound ? 404 : 200,
    head: head.filter(Boolean).join('\n'),
    body: html,
    jsonLd: structuredData[structuredDataKey(pageId, variant)] ?? structuredData[pageId] ?? [],
    index: page.index,
    canonicalUrl: page.canonicalUrl,
    lang: LOCALES[page.language],
    alternates: page.alternates.map((a) => ({ language: LOCALES[a.language], url: site.settings.siteUrl + encodeURI(a.path) })),
    variants: page.variants.map(({ param, value }) => ({ param, value })),
    islands,
  };
}

export { islandSources } from './generated/islandRegistry.ts';
export { site };
