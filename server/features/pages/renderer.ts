import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { composePage } from '../../../engine/shared/pageHtml.ts';
import type { PreloadedData } from '../../../engine/types.ts';
import type { PageEntry } from './lookup.ts';

/** What the build's server renderer (dist/server/entry-server.js) gives for one address. */
interface RenderedPage {
  head: string;
  body: string;
  jsonLd: Record<string, unknown>[];
  /** The page's language for <html lang>. */
  lang: string;
}
type Render = (url: string, preloaded: PreloadedData) => Promise<RenderedPage>;

/** Loads one kind of data for a page rendered per request, from the address under the page's path. */
export type PageDataLoader = (context: { page: PageEntry; pathname: string; request: FastifyRequest }) => Promise<{ status: number; data: PreloadedData }>;

/**
 * Pages that show something of their own at each address under their path (a
 * certificate's page) are rendered when asked for, by the same renderer and
 * template as the prerendered ones, with the data their sections need loaded
 * first: so they read, and preview in a shared link, without script.
 */
export function createPageRenderer(distDir: string, templateFile: string, loaders: Partial<Record<keyof PreloadedData, PageDataLoader>>) {
  const template = fs.readFileSync(path.join(distDir, templateFile), 'utf8');
  let render: Promise<Render> | undefined;
  const renderer = () => {
    render ??= import(pathToFileURL(path.join(distDir, 'server', 'entry-server.js')).href).then((module: { render: Render }) => module.render);
    return render;
  };
  return async (page: PageEntry, request: FastifyRequest): Promise<{ status: number; html: string }> => {
    const pathname = request.url.split('?')[0]!;
    let status = 200;
    const data: PreloadedData = {};
    for (const kind of page.data) {
      const loader = loaders[kind as keyof PreloadedData];
      if (!loader) throw new Error(`No loader for the data "${kind}" that ${page.path} is rendered with.`);
      const loaded = await loader({ page, pathname, request });
      status = Math.max(status, loaded.status);
      Object.assign(data, loaded.data);
    }
    const rendered = await (await renderer())(request.url, data);
    return {
      status,
      html: composePage(template, { head: rendered.head, jsonLd: rendered.jsonLd, preloads: page.preloads, body: rendered.body, data, lang: rendered.lang }),
    };
  };
}
