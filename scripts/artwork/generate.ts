/** npm run artwork: (re)draws the generated pictures into public/, writing only files that changed. */
import fs from 'node:fs';
import path from 'node:path';
import { artworks } from './manifest.ts';

const root = process.cwd();
let written = 0;
let bytes = 0;
for (const { path: rel, draw } of artworks) {
  const target = path.join(root, 'public', rel);
  const svg = draw();
  bytes += svg.length;
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === svg) continue;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, svg);
  written++;
}
console.log(`artwork: ${artworks.length} pictures (${Math.round(bytes / 1024)} KiB), ${written} written.`);
