import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Compression } from '../../tooling/compressAssets.ts';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { type BuildReport, buildSite } from '../build.ts';
import { prerender } from '../prerender.ts';
import { writeGeneratedPages } from './generatePages.ts';

export interface PrerenderResult {
  label: string;
  pages: number;
  buildSeconds: number;
  /** Pages per second of the real prerender step: render, head, JSON-LD, preloads, file written. */
  realPagesPerSecond: number;
  /** Pages per second of renderToString alone over the same routes. */
  barePagesPerSecond: number;
  /** Milliseconds per page of the whole build. */
  buildMsPerPage: number;
  build: BuildReport;
}

interface ServerEntry {
  renderMarkup: (url: string) => Promise<{ html: string }>;
  site: { routes: { path: string }[] };
}

async function bareLoop(entry: ServerEntry): Promise<number> {
  const started = performance.now();
  for (const route of entry.site.routes) await entry.renderMarkup(route.path);
  return performance.now() - started;
}

/**
 * Builds a project copy (the real content plus `generated` pages), then times
 * the real prerender step against a bare renderToString loop over the same
 * routes, alternating so both see the same machine; the best of `rounds` each.
 */
export async function benchPrerender(label: string, generated: number, rounds: number, compression: Compression = 'best'): Promise<PrerenderResult> {
  const temp = makeTempProject('bench-prerender-');
  try {
    if (generated > 0) writeGeneratedPages(temp.root, generated);
    const build = await buildSite(temp.root, { quiet: true, compression });
    const release = path.join(temp.root, 'dist', 'current');
    const entry = (await import(pathToFileURL(path.join(release, 'server', 'entry-server.js')).href)) as ServerEntry;
    await bareLoop(entry); // warm both paths' code before timing
    const real: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < rounds; round++) {
      bare.push(await bareLoop(entry));
      const started = performance.now();
      await prerender(release);
      real.push(performance.now() - started);
    }
    const pages = entry.site.routes.length;
    return {
      label,
      pages,
      buildSeconds: build.totalMs / 1000,
      realPagesPerSecond: pages / (Math.min(...real) / 1000),
      barePagesPerSecond: pages / (Math.min(...bare) / 1000),
      buildMsPerPage: build.totalMs / pages,
      build,
    };
  } finally {
    temp.remove();
  }
}
