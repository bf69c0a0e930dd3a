import fs from 'node:fs';
import path from 'node:path';
import type { PrerenderManifest } from '../../../engine/shared/pageHtml.ts';
import { findByPath, pathKey } from '../../../engine/shared/pathKey.ts';

export interface PageEntry {
  pageId: string;
  /** The page's own path; a request under it is for one of its subpaths. */
  path: string;
  file: string;
  notFound: boolean;
  subpaths: boolean;
  preloads: string[];
  /** Kinds of data the page is rendered with, per request (keys of PreloadedData). */
  data: string[];
  /** The page with a choice made through the address (?role=criminalLaw), prerendered on its own. */
  variants: { param: string; value: string; file: string }[];
}

/**
 * Maps a request path to its page: by path or alias, without regard to case or a trailing slash; or to the page
 * above it that answers its subpaths (findByPath, the rule the browser follows too).
 */
export function createPageLookup(manifest: PrerenderManifest) {
  const exact = new Map<string, PageEntry>();
  const withSubpaths = new Map<string, PageEntry>();
  for (const page of manifest.pages) {
    const entry: PageEntry = {
      pageId: page.pageId,
      path: page.path,
      file: page.file,
      notFound: page.file === manifest.notFound,
      subpaths: page.subpaths ?? false,
      preloads: page.preloads ?? [],
      data: page.data ?? [],
      variants: page.variants ?? [],
    };
    for (const p of [page.path, ...page.aliases]) {
      const key = pathKey(p);
      if (!key) continue;
      exact.set(key, entry);
      if (entry.subpaths) withSubpaths.set(key, entry);
    }
  }
  return (pathname: string) => findByPath(pathname, exact, withSubpaths);
}

/** The file that answers a page's address: the variant its query names (/internship/law?role=criminalLaw), else the page's own. */
export function fileFor(page: PageEntry, query: string): string {
  if (page.variants.length === 0 || !query) return page.file;
  const params = new URLSearchParams(query);
  return page.variants.find((v) => params.get(v.param) === v.value)?.file ?? page.file;
}

export function readPrerenderManifest(distDir: string): PrerenderManifest {
  const file = path.join(distDir, 'prerender-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build (npm start does it for you).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PrerenderManifest;
}
