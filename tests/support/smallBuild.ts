import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A build output of two pages and one large asset, for server tests that run before `npm run build` (and
 * need a download big enough to be cut off part way through). Returns the folder and how to remove it.
 */
export function smallBuild(): { dist: string; remove(): void } {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  const big = `<!doctype html><title>x</title>${'<p>filler</p>'.repeat(400_000)}`;
  fs.mkdirSync(path.join(dist, 'client', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'client', 'index.html'), big);
  fs.writeFileSync(path.join(dist, 'client', '404.html'), big);
  fs.writeFileSync(path.join(dist, 'client', 'assets', 'app.js'), `//${'x'.repeat(5_000_000)}`);
  fs.writeFileSync(path.join(dist, 'template.html'), '<!doctype html><div id="root"></div>');
  const manifest = {
    pages: [
      { pageId: 'index', path: '/', aliases: [], file: 'index.html', index: true },
      { pageId: '404', path: '/404', aliases: [], file: '404.html', index: false },
    ],
    notFound: '404.html',
    template: 'template.html',
  };
  fs.writeFileSync(path.join(dist, 'prerender-manifest.json'), JSON.stringify(manifest));
  return { dist, remove: () => fs.rmSync(dist, { recursive: true, force: true }) };
}
