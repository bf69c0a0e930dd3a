import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createPageLookup, fileFor, readPrerenderManifest } from '../pageLookup.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const DAY = 'public, max-age=86400';

/**
 * The prerendered site: hashed assets cached for a year, pages by their path or
 * alias (always revalidated), a page with a choice made by its address
 * (?role=…) from its own prerendered file, and the not-found page with a 404 status.
 */
export async function siteRoutes(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const clientDir = path.join(options.distDir, 'client');
  const manifest = readPrerenderManifest(options.distDir);
  const lookup = createPageLookup(manifest);

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: true,
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

  // Pages are answered before the static handler, which would refuse their folders.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const mark = request.url.indexOf('?');
    const pathname = mark === -1 ? request.url : request.url.slice(0, mark);
    const query = mark === -1 ? '' : request.url.slice(mark + 1);
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return;
    const page = lookup(pathname);
    if (!page) return;
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
