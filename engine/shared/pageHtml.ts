/**
 * A page's HTML from the site's template and what the renderer made: the one
 * way both the prerender and the server (for pages rendered per request, such
 * as a certificate's) put a page together.
 */

/** What the server needs to answer a path: the HTML file of each page, by every path and alias. */
export interface PrerenderManifest {
  pages: {
    pageId: string;
    path: string;
    aliases: string[];
    file: string;
    index: boolean;
    /** The page also answers every address under its path, rendered per request (/certificate/IC25/123456). */
    subpaths?: boolean;
    /** The page's own module preloads, for a page rendered per request. */
    preloads?: string[];
    /** The kinds of data the server loads to render it per request (keys of PreloadedData). */
    data?: string[];
    /** The page with a choice made through its address (?role=criminalLaw), each prerendered on its own. */
    variants?: { param: string; value: string; file: string }[];
  }[];
  notFound: string;
  /** The HTML template, relative to dist/, for pages rendered per request. */
  template: string;
}

export interface PageParts {
  head: string;
  jsonLd: Record<string, unknown>[];
  /** Paths of the page's JavaScript beyond the entry, listed for the entry to ask for after the first paint. */
  preloads: string[];
  body: string;
  /** Data the page was rendered with, handed to the browser so hydration renders the same (see runtime/preloaded.tsx). */
  data?: unknown;
  /** The page's language for <html lang> (en-IN, hi-IN); the template's own when absent. */
  lang?: string;
}

export const PRELOADED_DATA_ID = 'preloaded-data';
/** The JS files of the page's islands, which its entry asks for after the first paint (engine/entry-client.tsx). */
export const PAGE_MODULES_ID = 'page-modules';

/** JSON that can sit inside <script> without ending it or starting a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * The template's text before and after the first occurrence of a marker. A page is joined from such pieces, never
 * with String.replace and a replacement string: that reads $&, $` and $' in what the page holds (text from the
 * request, such as the ID in /certificate/…) as orders to copy the template, and 64 copies of $` in an address
 * once made a 233 MB answer.
 */
function around(text: string, marker: string): [before: string, after: string] {
  const at = text.indexOf(marker);
  if (at === -1) throw new Error(`The page template has no ${marker}.`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

export function composePage(template: string, parts: PageParts): string {
  // JSON-LD and preloaded data are data, not script: the CSP that allows no inline script does not apply to them.
  const jsonLd = parts.jsonLd.map((data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  const data = parts.data === undefined ? '' : `<script type="application/json" id="${PRELOADED_DATA_ID}">${scriptSafeJson(parts.data)}</script>`;
  const modules = parts.preloads.length > 0 ? `<script type="application/json" id="${PAGE_MODULES_ID}">${scriptSafeJson(parts.preloads)}</script>` : '';
  // The markers are found in the template alone, so nothing the page holds is searched or read as a pattern.
  const [templateHead, afterHead] = around(template, '<!--app-head-->');
  const beforeHead = parts.lang ? templateHead.replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttribute(parts.lang!)}"`) : templateHead;
  const [beforeBody, afterBody] = around(afterHead, '<!--app-html-->');
  const [beforeEnd, afterEnd] = around(afterBody, '</body>');
  // The data and the list of modules sit outside #root, which must hold only what React renders; they are read after the
  // first paint, so they come last.
  return [beforeHead, [parts.head, ...jsonLd].join('\n    '), beforeBody, parts.body, beforeEnd, modules, data, '</body>', afterEnd].join('');
}
