import fs from 'node:fs';
import path from 'node:path';
import { pathKey } from '../engine/shared/pathKey.ts';

export interface PrerenderManifest {
  pages: { pageId: string; path: string; aliases: string[]; file: string; index: boolean; variants?: { param: string; value: string; file: string }[] }[];
  notFound: string;
}

export interface PageFile {
  file: string;
  notFound: boolean;
  /** The page with a choice made through the address (?role=criminalLaw), prerendered on its own. */
  variants: { param: string; value: string; file: string }[];
}

/** Maps a request path to its prerendered HTML file: by path or alias, without regard to case or a trailing slash. */
export function createPageLookup(manifest: PrerenderManifest) {
  const byPath = new Map<string, PageFile>();
  for (const page of manifest.pages) {
    const entry = { file: page.file, notFound: page.file === manifest.notFound, variants: page.variants ?? [] };
    for (const p of [page.path, ...page.aliases]) {
      const key = pathKey(p);
      if (key) byPath.set(key, entry);
    }
  }
  return (pathname: string) => {
    const key = pathKey(pathname);
    return key === undefined ? undefined : byPath.get(key);
  };
}

/** The file that answers a page's address: the variant its query names (/internship/law?role=criminalLaw), else the page's own. */
export function fileFor(page: PageFile, query: string): string {
  if (page.variants.length === 0 || !query) return page.file;
  const params = new URLSearchParams(query);
  return page.variants.find((v) => params.get(v.param) === v.value)?.file ?? page.file;
}

export function readPrerenderManifest(distDir: string): PrerenderManifest {
  const file = path.join(distDir, 'prerender-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build (npm start does it for you).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PrerenderManifest;
}
