/** npm start: build whatever is out of date, then serve the site and the API on one port (5000 by default). */
import fs from 'node:fs';
import path from 'node:path';
import { buildSite } from './build.ts';
import { spawnServer } from './lib/serverProcess.ts';

const root = process.cwd();
const sources = ['pages', 'data', 'schemas', 'engine', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/build.ts', 'scripts/prerender.ts', 'scripts/compressAssets.ts'];

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
// The server runs in a process of its own: it does not carry the build's memory, and it can be started
// with huge pages for the verify index, which glibc only takes at a process's start (see hugePages.ts).
const server = spawnServer('server/main.ts');
// A signal sent to this process alone (a process manager's SIGTERM) reaches the server too; one from the
// terminal reaches both, and the server stops once either way.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
