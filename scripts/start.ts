/** npm start: build whatever is out of date, then serve the site and the API on one port (5000 by default). */
import fs from 'node:fs';
import path from 'node:path';
import { servedDir } from '../releases/index.ts';
import { startServer } from '../server/main.ts';
import { settingsOrExit } from '../server/settings.ts';
import { buildSite, ContentRefusedError } from './build.ts';

// The settings are read before the build, which sets NODE_ENV=production for Vite: whether this start is production is
// the environment's choice (NODE_ENV), never the build's, so a first start behaves as every later one does.
const settings = settingsOrExit();

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
  'tooling/compressAssets.ts',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// The release being served (DIST_DIR/current), or a build made as one folder.
const marker = path.join(servedDir(settings.distDir), 'prerender-manifest.json');
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changed > built) {
  console.log(built ? 'start: sources changed since the last build; building…' : 'start: no build yet; building…');
  // A production start (NODE_ENV=production) makes a production build; the settings were read before it.
  await buildSite(root, { distDir: settings.distDir, production: settings.production, compression: settings.buildCompression }).catch((error: unknown) => {
    console.error(error instanceof ContentRefusedError ? error.message : error);
    process.exit(1);
  });
} else {
  console.log('start: the build is up to date.');
}
// Then the server, in this same process; it stops on SIGINT or SIGTERM.
await startServer(settings, root);
