import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../engine/shared/apiRoutes.ts';
import { LANGUAGE_COOKIE } from '../../../engine/shared/cookies.ts';
import { LANGUAGES, type Language, languagePath } from '../../../engine/shared/language.ts';
import { pathKey } from '../../../engine/shared/pathKey.ts';
import type { PreloadedData } from '../../../engine/types.ts';
import { ApiError } from '../../errors.ts';
import { fileFor } from './lookup.ts';
import type { PageDataLoader } from './renderer.ts';
import { servedRelease } from './servedRelease.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const DAY = 'public, max-age=86400';

/**
 * The prerendered site, from the release being served (servedRelease.ts: a new build or a rollback is answered from
 * the next request on): hashed assets cached for a year, pages by their path or alias (always revalidated), a page
 * with a choice made by its address (?role=…) from its own prerendered file, and the not-found page with a 404 status.
 */
export interface PagesOptions {
  /** DIST_DIR: its current release, or the build itself when it was made as one folder. */
  distDir: string;
  /** Data for pages rendered per request, by kind. */
  loaders: Partial<Record<keyof PreloadedData, PageDataLoader>>;
}

function cacheControlOf(rel: string): string {
  if (rel.startsWith('assets/') || rel.startsWith('staff/assets/')) return IMMUTABLE;
  return rel.endsWith('.html') ? REVALIDATE : DAY;
}

export async function pagesFeature(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const release = servedRelease(options.distDir, options.loaders, (message) => app.log.error(message));
  // Pages rendered per request look things up as the API does, and are limited the same way.
  const limited = app.limits.route('verify');
  const limit = limited.rateLimit ? app.rateLimit(limited.rateLimit) : undefined;

  // reply.sendFile only (serve: false): which files there are changes with each release, so the route below decides,
  // from the release's own list, whether an address is a file of the build or a page.
  await app.register(fastifyStatic, { serve: false, preCompressed: true, index: false, dotfiles: 'ignore' });

  // The staff console (its own bundle, built into the release's staff/): its files, else its one page for /staff and
  // every address under it, which its script routes; never listed by search engines, always revalidated.
  const consolePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const served = release();
    const pathname = request.url.split('?')[0] ?? '';
    const rel = pathname.slice(1);
    if (served.files.has(rel)) return reply.header('cache-control', cacheControlOf(rel)).sendFile(rel, served.clientDir, { cacheControl: false });
    if (!served.files.has('staff/index.html')) return reply.callNotFound();
    return reply
      .header('cache-control', REVALIDATE)
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .sendFile('staff/index.html', served.clientDir, { cacheControl: false });
  };
  app.get('/staff', consolePage);
  app.get('/staff/*', consolePage);

  app.get('/*', async (request, reply) => {
    const mark = request.url.indexOf('?');
    const pathname = mark === -1 ? request.url : request.url.slice(0, mark);
    const query = mark === -1 ? '' : request.url.slice(mark + 1);
    const served = release();
    let rel: string | undefined;
    try {
      rel = decodeURIComponent(pathname.slice(1));
    } catch {
      rel = undefined;
    }
    if (rel !== undefined && served.files.has(rel)) {
      // A precompressed copy (index.html.br) is cached as the file it stands for: the header is set here, not by send.
      reply.header('cache-control', cacheControlOf(rel));
      return reply.sendFile(rel, served.clientDir, { cacheControl: false });
    }
    // The home page's address opens in the language the visitor chose with the switch (remembered in a cookie); every
    // other address is the page it names, so a shared link opens what was shared.
    if (pathname === '/') {
      reply.header('vary', 'cookie');
      const chosen = request.cookies[LANGUAGE_COOKIE];
      if (chosen && chosen !== 'en' && (LANGUAGES as readonly string[]).includes(chosen)) {
        return reply.header('cache-control', 'private, no-store').redirect(languagePath(chosen as Language, '/') + (query ? `?${query}` : ''), 302);
      }
    }
    const page = pathname.startsWith(API_PREFIX) ? undefined : served.lookup(pathname);
    if (!page) return reply.callNotFound();
    if (page.subpaths && pathKey(pathname) !== pathKey(page.path)) {
      if (limit) {
        await limit.call(app, request, reply);
        if (reply.sent) return reply;
      }
      // What is shown at this address is someone's (a certificate): never kept by shared caches or listed by search engines.
      const { status, html } = await served.render(page, request);
      return reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html);
    }
    return reply
      .code(page.notFound ? 404 : 200)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .sendFile(fileFor(page, query), served.clientDir, { cacheControl: false });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname.startsWith(API_PREFIX) || `${url.pathname}/` === API_PREFIX) {
      throw new ApiError('NO_SUCH_ROUTE');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError('NOT_FOUND');
    const served = release();
    const page = served.lookup(url.pathname);
    const file = page ? fileFor(page, url.search.slice(1)) : served.manifest.notFound;
    const status = !page || page.notFound ? 404 : 200;
    return reply.code(status).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile(file, served.clientDir, { cacheControl: false });
  });
}
