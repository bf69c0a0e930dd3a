import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '../engine/entry-server.tsx';
import { composePage, type PrerenderManifest } from '../engine/shared/pageHtml.ts';
import type { SiteModel } from '../engine/types.ts';

interface ViteManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type ViteManifest = Record<string, ViteManifestChunk>;

export function htmlFileFor(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`;
}

/** The page with a choice made (?role=criminalLaw): beside the page's own file, under a name no address of a page can have. */
export function variantFileFor(pageFile: string, param: string, value: string): string {
  // A function gives the name as written: a replacement string would read $& or $' in the content's parameter name.
  return pageFile.replace(/index\.html$/, () => `index~${param}~${encodeURIComponent(value)}.html`);
}

/** The JS files a page needs beyond the entry: its content chunk and the chunks of its sections, with their imports. */
function preloadsFor(manifest: ViteManifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

/** Prerenders the build in `releaseDir` (client/ and server/ written by Vite) into its client/, with its manifests. */
export async function prerender(releaseDir: string): Promise<{ pages: number; files: number }> {
  // The prerendered pages are production output: React's production build renders them several times faster than its
  // development build. The caller's NODE_ENV is put back afterwards, so a later build in the same process (the bench's)
  // is a production build only if its caller says so.
  const callersNodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    return await prerenderRelease(releaseDir);
  } finally {
    if (callersNodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = callersNodeEnv;
  }
}

async function prerenderRelease(releaseDir: string): Promise<{ pages: number; files: number }> {
  const clientDir = path.join(releaseDir, 'client');
  const serverEntry = path.join(releaseDir, 'server', 'entry-server.js');
  const { render, site, islandSources } = (await import(pathToFileURL(serverEntry).href)) as {
    render: (url: string) => Promise<RenderedPage>;
    site: SiteModel;
    islandSources: Record<string, string>;
  };
  // The home page is written over client/index.html, so a release prerendered before keeps the template in template.html.
  const keptTemplate = path.join(releaseDir, 'template.html');
  const template = fs.readFileSync(fs.existsSync(keptTemplate) ? keptTemplate : path.join(clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  // The page's entry (index.html); the build's other entry only gathers the stylesheets (vite.config.ts).
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'))!;
  const entryFiles = new Set(preloadsFor(manifest, [entryKey]));

  // A page loads the code of its islands and nothing else (its HTML is the rest): those are what it preloads.
  const preloadsOf = (islands: readonly string[]) =>
    preloadsFor(
      manifest,
      islands.map((name) => islandSources[name]!).filter((key) => key in manifest),
    ).filter((file) => !entryFiles.has(file));

  // Pages rendered per request (a certificate's) are put together by the server from the same template.
  fs.writeFileSync(path.join(releaseDir, 'template.html'), template);
  const out: PrerenderManifest = { pages: [], notFound: '404.html', template: 'template.html' };
  const sitemapUrls: SitemapUrl[] = [];
  let files = 0;
  const folders = new Set<string>();
  const writes: Promise<void>[] = [];
  const write = (file: string, html: string) => {
    const target = path.join(clientDir, file);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    // Written while the next pages render; a bounded number at a time.
    writes.push(fs.promises.writeFile(target, html));
    files++;
  };
  try {
    for (const route of site.routes) {
      const rendered = await render(route.path);
      const preloads = preloadsOf(rendered.islands);
      const page = (shown: RenderedPage) =>
        composePage(template, { head: shown.head, jsonLd: shown.jsonLd, preloads: preloadsOf(shown.islands), body: shown.body, lang: shown.lang });
      const file = route.pageId === site.notFoundPageId ? '404.html' : htmlFileFor(route.path);
      write(file, page(rendered));
      const variants: { param: string; value: string; file: string }[] = [];
      for (const { param, value } of rendered.variants) {
        const variantFile = variantFileFor(file, param, value);
        write(variantFile, page(await render(`${route.path}?${new URLSearchParams({ [param]: value })}`)));
        variants.push({ param, value, file: variantFile });
      }
      if (writes.length >= 32) await Promise.all(writes.splice(0));
      out.pages.push({
        pageId: route.pageId,
        path: route.path,
        aliases: route.aliases,
        file,
        index: rendered.index,
        ...(route.subpaths ? { subpaths: true, preloads, data: route.preloads ?? [] } : {}),
        ...(variants.length ? { variants } : {}),
      });
      if (rendered.index) sitemapUrls.push({ url: rendered.canonicalUrl, alternates: rendered.alternates });
    }
  } catch (error) {
    // A page that cannot be rendered stops the build: let the writes under way finish first, so that nothing is still
    // writing into the release while the build removes it.
    await Promise.allSettled(writes);
    throw error;
  }
  await Promise.all(writes);
  writeSitemapAndRobots(clientDir, site.settings.siteUrl, sitemapUrls);
  fs.writeFileSync(path.join(releaseDir, 'prerender-manifest.json'), JSON.stringify(out, null, 2));
  return { pages: site.routes.length, files };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface SitemapUrl {
  url: string;
  /** The page in each language it is written in (hreflang), itself among them; empty when it is in one language. */
  alternates: { language: string; url: string }[];
}

/**
 * sitemap.xml lists every page search engines may list, once, at its canonical address, with its addresses in the
 * other languages it really is written in (and x-default, the English); robots.txt points to it.
 */
function writeSitemapAndRobots(clientDir: string, siteUrl: string, urls: SitemapUrl[]): void {
  const unique = [...new Map(urls.map((u) => [u.url, u])).values()].sort((a, b) => a.url.localeCompare(b.url));
  const link = (hreflang: string, url: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(url)}"/>`;
  const entry = ({ url, alternates }: SitemapUrl) =>
    alternates.length
      ? [
          `  <url><loc>${escapeXml(url)}</loc>`,
          ...alternates.map((a) => `    ${link(a.language, a.url)}`),
          `    ${link('x-default', alternates[0]!.url)}`,
          '  </url>',
        ].join('\n')
      : `  <url><loc>${escapeXml(url)}</loc></url>`;
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...unique.map(entry),
    '</urlset>',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(clientDir, 'sitemap.xml'), sitemap);
  fs.writeFileSync(path.join(clientDir, 'robots.txt'), ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'));
}
