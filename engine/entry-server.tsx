import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import { StaticRouter } from 'react-router-dom';
import { site } from 'virtual:site';
import { App, routes } from './App.tsx';
import { loadPage } from './runtime/pageStore.ts';
import { structuredData } from './seo/structuredData.ts';
import { matchPage } from './runtime/routes.tsx';

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
}

const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/** React 19 emits the tags <Helmet> renders at the start of the output; they belong in <head>. */
export function splitHoisted(html: string): { head: string; body: string } {
  let rest = html;
  const head: string[] = [];
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join('\n'), body: rest };
}

export async function render(url: string): Promise<RenderedPage> {
  const { pageId, notFound } = matchPage(routes, new URL(url, 'http://localhost').pathname);
  const page = await loadPage(pageId);
  const html = renderToString(
    <StrictMode>
      <HelmetProvider>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </HelmetProvider>
    </StrictMode>,
  );
  return { pageId, status: notFound ? 404 : 200, ...splitHoisted(html), jsonLd: structuredData(page, site), index: page.index, canonicalUrl: page.canonicalUrl };
}

export { site };
