import { site } from 'virtual:site';
import structuredData from 'virtual:structured-data';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { structuredDataKey } from './content/seo/jsonLd.ts';
import { loadPage } from './runtime/pageStore.ts';
import type { PreloadedData } from './runtime/preloaded.tsx';
import { matchPage } from './runtime/routes.ts';

export interface RenderedPage {
  pageId: string;
  status: 200 | 404;
  /** <title>, <meta> and <link> tags for the document head. */
  head: string;
  /** The markup that goes inside #root. */
  body: string;
  /** schema.org objects for <script type="application/ld+json">. */
  jsonLd: Record<string, unknown>[];
  /** Whether search engines may list the page (and so whether it belongs in the sitemap). */
  index: boolean;
  canonicalUrl: string;
  /** The choices a link may make on this page (?role=…), each prerendered on its own. */
  variants: { param: string; value: string }[];
}

const HOISTED = /<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>/y;

/** React 19 emits the page's <title>, <meta> and <link> tags at the start of the output; they belong in <head>. */
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

/** The React markup of one route, nothing else: what `render` costs at the least (the benchmark's baseline). */
export async function renderMarkup(url: string, preloaded: PreloadedData = {}): Promise<{ html: string; pageId: string; notFound: boolean }> {
  const { pageId, notFound } = matchPage(site, new URL(url, 'http://localhost').pathname);
  await loadPage(pageId);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App preloaded={preloaded} />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, pageId, notFound };
}

/** One route's page; `preloaded` is the data of a page rendered per request (see runtime/preloaded.tsx). */
export async function render(url: string, preloaded: PreloadedData = {}): Promise<RenderedPage> {
  const { html, pageId, notFound } = await renderMarkup(url, preloaded);
  const page = await loadPage(pageId);
  // A variant's file (?role=…) carries the markup of what it shows: its chosen role's job posting.
  const query = new URL(url, 'http://localhost').searchParams;
  const variant = page.variants.find((v) => query.get(v.param) === v.value);
  return {
    pageId,
    status: notFound ? 404 : 200,
    ...splitHoisted(html),
    jsonLd: structuredData[structuredDataKey(pageId, variant)] ?? structuredData[pageId] ?? [],
    index: page.index,
    canonicalUrl: page.canonicalUrl,
    variants: page.variants.map(({ param, value }) => ({ param, value })),
  };
}

export { site };
