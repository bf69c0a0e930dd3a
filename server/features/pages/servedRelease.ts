import fs from 'node:fs';
import path from 'node:path';
import type { PrerenderManifest } from '../../../engine/shared/pageHtml.ts';
import type { PreloadedData } from '../../../engine/types.ts';
import { releasePaths } from '../../../releases/index.ts';
import { createPageLookup, type PageEntry, readPrerenderManifest } from './lookup.ts';
import { createPageRenderer, type PageDataLoader } from './renderer.ts';

/** One release as the server answers from it: its pages by address, its files, and its renderer for per-request pages. */
export interface LoadedRelease {
  /** The folder the release is in (DIST_DIR itself for a build made as one folder). */
  dir: string;
  clientDir: string;
  manifest: PrerenderManifest;
  lookup(pathname: string): PageEntry | undefined;
  /** Every file under client/ a request may name, as paths relative to it with forward slashes (no dot files or folders). */
  files: Set<string>;
  render: ReturnType<typeof createPageRenderer>;
}

function filesUnder(clientDir: string): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = prefix + entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${rel}/`);
      else if (entry.isFile()) out.add(rel);
    }
  };
  walk(clientDir, '');
  return out;
}

function loadRelease(dir: string, loaders: Partial<Record<keyof PreloadedData, PageDataLoader>>): LoadedRelease {
  const manifest = readPrerenderManifest(dir);
  const clientDir = path.join(dir, 'client');
  return {
    dir,
    clientDir,
    manifest,
    lookup: createPageLookup(manifest),
    files: filesUnder(clientDir),
    render: createPageRenderer(dir, manifest.template, loaders),
  };
}

/**
 * The release to answer a request from, asked on every request: one readlink of DIST_DIR/current (a few
 * microseconds; see releases.ts for why a link), and when it names another release than last time, that release is
 * loaded (its manifest read and its files listed, once). So a build or a rollback is served from the next request
 * on, by every instance reading the same folder, with no restart and no message between them. A release that
 * cannot be loaded (its folder removed by hand) is logged and the one loaded before goes on being served.
 *
 * Each release's server renderer is imported when a page rendered per request is first asked for; a module once
 * imported stays in memory, so a process keeps one renderer per release it has served (a few hundred kilobytes).
 */
export function servedRelease(
  distDir: string,
  loaders: Partial<Record<keyof PreloadedData, PageDataLoader>>,
  log: (message: string) => void,
): () => LoadedRelease {
  const link = releasePaths(distDir).current;
  /** The link's target, or undefined while DIST_DIR has no releases (a build made as one folder). */
  let linked = fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  const target = (): string | undefined => {
    if (linked) {
      try {
        return fs.readlinkSync(link);
      } catch {
        return undefined;
      }
    }
    // Without a link, lstat (which answers "none" without throwing) until a first release appears.
    if (!fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
    linked = true;
    return fs.readlinkSync(link);
  };
  const dirOf = (t: string | undefined) => (t === undefined ? distDir : path.resolve(distDir, t));
  let loadedTarget = target();
  let loaded = loadRelease(dirOf(loadedTarget), loaders);
  return () => {
    const now = target();
    if (now !== loadedTarget) {
      loadedTarget = now;
      try {
        loaded = loadRelease(dirOf(now), loaders);
      } catch (error) {
        log(`The release ${now ?? distDir} cannot be served (${(error as Error).message}); still serving ${loaded.dir}.`);
      }
    }
    return loaded;
  };
}
