import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { expect, test } from './fixtures.ts';

/** The release being served (dist/current); dist/client/assets also holds the files of the releases before it. */
const release = path.join(projectRoot, 'dist', 'current');
const entryScript = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(path.join(release, 'client', 'index.html'), 'utf8'))![1]!;

/** How the server hands out the built site: compressed copies, the right caching, the right status. */
test.describe('serving the built site', () => {
  test('pages come precompressed and are always revalidated', async ({ request }) => {
    for (const [encoding, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await request.get('/internship/law', { headers: { 'accept-encoding': encoding } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-encoding']).toBe(expected);
      expect(response.headers()['cache-control']).toBe('no-cache');
      expect(response.headers()['content-type']).toContain('text/html');
    }
    const home = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(home.headers()['cache-control']).toBe('no-cache');
  });

  test('hashed assets are cached for a year, compressed when the browser accepts it', async ({ request }) => {
    const compressed = await request.get(`/assets/${entryScript}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers()['content-encoding']).toBe('br');
    const plain = await request.get(`/assets/${entryScript}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect((await plain.body()).length).toBe(fs.statSync(path.join(release, 'client', 'assets', entryScript)).size);
  });

  test('unknown routes answer the not-found page with a 404; paths are read without regard to case', async ({ request }) => {
    const missing = await request.get('/internship/no-such-stream');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<main');
    expect((await request.get('/internship/LAW')).status()).toBe(200);
    expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
  });
});
