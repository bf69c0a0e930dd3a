/**
 * npm run artwork: (re)draws the generated pictures into public/, writing only files that changed.
 * The core pictures are listed in manifest.ts; each file in sets/ adds a group of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Artwork, artworks as core } from './manifest.ts';

const root = process.cwd();
const setsDir = path.join(import.meta.dirname, 'sets');
const all: Artwork[] = [...core];
for (const file of fs
  .readdirSync(setsDir)
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  const module = (await import(pathToFileURL(path.join(setsDir, file)).href)) as { artworks: Artwork[] };
  all.push(...module.artworks);
}
const seen = new Map<string, number>();
for (const art of all) seen.set(art.path, (seen.get(art.path) ?? 0) + 1);
const duplicates = [...seen].filter(([, n]) => n > 1).map(([p]) => p);
if (duplicates.length) {
  console.error(`artwork: these paths are drawn twice: ${duplicates.join(', ')}`);
  process.exit(1);
}
let written = 0;
let bytes = 0;
for (const { path: rel, draw } of all) {
  const target = path.join(root, 'public', rel);
  const svg = draw();
  bytes += svg.length;
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === svg) continue;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, svg);
  written++;
}
console.log(`artwork: ${all.length} pictures (${Math.round(bytes / 1024)} KiB), ${written} written.`);
