import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ReleasePage, stageRelease } from '../../releases/index.ts';

/** A DIST_DIR of its own in the system's temporary folder; `cleanups` gets what removes it. */
export function tempDist(cleanups: (() => unknown)[]): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  cleanups.push(() => fs.rmSync(dist, { recursive: true, force: true }));
  return dist;
}

/** A small whole build, as Vite and the prerender write one: pages by address, an entry script whose name is its hash. */
export interface FakeBuild {
  pages: Record<string, string>;
  script: string;
  menus?: string;
}

export function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Makes a release of `build` and switches to it, as npm run build does. */
export function makeRelease(dist: string, build: FakeBuild) {
  const staged = stageRelease(dist);
  const client = path.join(staged.dir, 'client');
  const manifestPages = Object.keys(build.pages).map((p) => ({
    pageId: p === '/' ? 'index' : p.slice(1),
    path: p,
    aliases: [],
    file: p === '/' ? 'index.html' : `${p.slice(1)}/index.html`,
    index: true,
  }));
  for (const page of manifestPages) {
    write(
      path.join(client, page.file),
      `<!doctype html><title>${page.path}</title><script type="module" src="/assets/${build.script}"></script>${build.pages[page.path]}`,
    );
  }
  write(path.join(client, '404.html'), '<!doctype html><title>Not found</title>');
  write(path.join(client, 'assets', build.script), `console.log(${JSON.stringify(build.script)});`);
  write(path.join(staged.dir, 'template.html'), '<!doctype html><div id="root"></div>');
  write(
    path.join(staged.dir, 'prerender-manifest.json'),
    JSON.stringify({
      pages: [...manifestPages, { pageId: '404', path: '/404', aliases: [], file: '404.html', index: false }],
      notFound: '404.html',
      template: 'template.html',
    }),
  );
  const pages: ReleasePage[] = manifestPages.map((p) => ({ pageId: p.pageId, path: p.path, label: p.path, hash: build.pages[p.path]! }));
  return staged.finish({ createdAt: new Date().toISOString(), by: 'build', pages, menusHash: build.menus ?? 'menus' });
}
