import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAssets } from '../../../tooling/compressAssets.ts';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A page as large as the site's (about 70 KB, repetitive markup), a small script, a file too small to pay and an image. */
function client(): { page: Buffer } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-'));
  const rows = Array.from({ length: 900 }, (_, i) => `<li class="role"><a href="/internship/role-${i}">Role ${i} · ₹${(i * 37) % 9000}</a></li>`);
  const page = Buffer.from(`<!doctype html><html lang="en"><body><ul>${rows.join('')}</ul></body></html>`);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), `export const words = ${JSON.stringify(rows.slice(0, 40))};`);
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 1));
  return { page };
}

describe('compressAssets', () => {
  it('writes brotli and gzip copies of the text files worth it, each the file itself once decompressed', async () => {
    const { page } = client();
    const result = await compressAssets(dir);
    expect(result.files).toBe(2);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index.html.br')))).toEqual(page);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'index.html.gz')))).toEqual(page);
    expect(fs.existsSync(path.join(dir, 'assets', 'app.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'robots.txt.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
  });

  it("compresses large files harder at its best than at the tests' fast quality, which still decompresses to the file", async () => {
    const { page } = client();
    await compressAssets(dir, 'fast');
    const fast = fs.readFileSync(path.join(dir, 'index.html.br'));
    expect(zlib.brotliDecompressSync(fast)).toEqual(page);
    await compressAssets(dir, 'best');
    const best = fs.readFileSync(path.join(dir, 'index.html.br'));
    expect(best.length).toBeLessThan(fast.length);
  });
});
