import fs from 'node:fs';
import path from 'node:path';
import { pathKey } from '../engine/shared/pathKey.ts';

export interface PrerenderManifest {
  pages: { pageId: string; path: string; aliases: string[]; file: string; index: boolean }[];
  notFound: string;
}

/** Maps a request path to its prerendered HTML file: by path or alias, without regard to case or a trailing slash. */
export function createPageLookup(manifest: PrerenderManifest) {
  const byPath = new Map<string, { file: string; notFound: boolean }>();
  for (const page of manifest.pages) {
    const entry = { file: page.file, notFound: page.file === manifest.notFound };
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

export function readPrerenderManifest(distDir: string): PrerenderManifest {
  const file = path.join(distDir, 'prerender-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build (npm start does it for you).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PrerenderManifest;
}
