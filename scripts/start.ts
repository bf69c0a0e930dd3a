/** npm start: build whatever is out of date, then serve the site and the API on one port (5000 by default). */
import fs from 'node:fs';
import path from 'node:path';
import { buildSite } from './build.ts';

const root = process.cwd();
const sources = [
  'pages',
  'data',
  'schemas',
  'engine',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/prerender.ts',
  'scripts/compressAssets.ts',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const marker = path.join(root, 'dist', 'prerender-manifest.json');
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changed > built) {
  console.log(built ? 'start: sources changed since the last build; building…' : 'start: no build yet; building…');
  await buildSite(root);
} else {
  console.log('start: the build is up to date.');
}
// Then the server, in this same process: main.ts starts it on import and stops it on SIGINT or SIGTERM.
await import('../server/main.ts');
