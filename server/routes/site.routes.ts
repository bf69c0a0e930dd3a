import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pathKey } from '../../engine/shared/pathKey.ts';
import type { PreloadedData } from '../../engine/types.ts';
import { createPageLookup, fileFor, readPrerenderManifest } from '../pageLookup.ts';
import { createPageRenderer, type PageDataLoader } from '../pageRenderer.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const DAY = 'public, max-age=86400';

/**
 * The prerendered site: hashed assets cached for a year, pages by their path or
 * alias (always revalidated), a page with a choice made by its address
 * (?role=…) from its own prerendered file, and the not-found page with a 404 status.
 */
export interface SiteRouteOptions {
  distDir: string;
  /** Data for pages rendered per request, by kind. */
  loaders: Partial<Record<keyof PreloadedData, PageDataLoader>>;
  /** The limit on pages rendered per request, per client (they look things up as the API does, and count the same). */
  rateLimit: { max: number; timeWindow: string } | false;
}

export async function siteRoutes(app: FastifyInstance, options: SiteRouteOptions): Promise<void> {
  const clientDir = path.join(options.distDir, 'client');
  const manifest = readPrerenderManifest(options.distDir);
  const lookup = createPageLookup(manifest);
  const renderPage = createPageRenderer(options.distDir, manifest.template, options.loaders);
  const limit = options.rateLimit ? app.rateLimit(options.rateLimit) : undefined;

  // Each file of the build gets its own route (wildcard: false): the files are fixed once built, and pages then
  // have a route of their own below instead of racing the static handler from a hook.
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: false,
    preCompressed: true,
    serveDotFiles: false,
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      // A precompressed copy (index.html.br) is cached as the file it stands for.
      const rel = path.relative(clientDir, filePath).replace(/\.(br|gz)$/, '');
      if (rel.startsWith(`assets${path.sep}`)) reply.header('cache-control', IMMUTABLE);
      else if (rel.endsWith('.html')) reply.header('cache-control', REVALIDATE);
      else reply.header('cache-control', DAY);
    },
  });

  // Pages, by their path or alias: every address that is not a file of the build.
  app.get('/*', async (request, reply) => {
    const mark = request.url.indexOf('?');
    const pathname = mark === -1 ? request.url : request.url.slice(0, mark);
    const query = mark === -1 ? '' : request.url.slice(mark + 1);
    const page = pathname.startsWith('/api/') ? undefined : lookup(pathname);
    if (!page) return reply.callNotFound();
    if (page.subpaths && pathKey(pathname) !== pathKey(page.path)) {
      if (limit) {
        await limit.call(app, request, reply);
        if (reply.sent) return reply;
      }
      // What is shown at this address is someone's (a certificate): never kept by shared caches or listed by search engines.
      const { status, html } = await renderPage(page, request);
      return reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html);
    }
    return reply
      .code(page.notFound ? 404 : 200)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .sendFile(fileFor(page, query));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
      return reply.code(404).send({ message: 'There is no such API route.' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found.' });
    }
    const page = lookup(url.pathname);
    const file = page ? fileFor(page, url.search.slice(1)) : manifest.notFound;
    const status = !page || page.notFound ? 404 : 200;
    return reply.code(status).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile(file);
  });
}
