/**
 * npm run edit: the content editor for people who do not write code, at http://127.0.0.1:5190.
 * A local tool: it listens on 127.0.0.1 only and is no part of the site's build or server.
 * Options: --port N (0 picks a free one), --root DIR (the project to edit; default the current folder),
 * --site URL (the site Publish updates, for links to the pages it changed). Publish writes a release into DIST_DIR
 * and links to PUBLIC_URL, else http://localhost:PORT: the settings `npm start` reads, so both agree.
 */
import path from 'node:path';
import { fill } from '../../engine/shared/fill.ts';
import { loadSettings } from '../../server/settings.ts';
import { words } from '../words.ts';
import { startEditorServer } from './editorApp.ts';
import { createEditorPages } from './editorPages.ts';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

const root = path.resolve(option('root') ?? process.cwd());
const wanted = Number(option('port') ?? process.env['EDITOR_PORT'] ?? 5190);
// The site's own settings: where it serves releases from, and its address (this machine unless PUBLIC_URL says otherwise).
const site = loadSettings(process.env, root);
const siteUrl = option('site') ?? site.publicUrl ?? `http://localhost:${site.port}`;
const pages = await createEditorPages(root);
const { app, port } = await startEditorServer({ root, port: wanted, pages: pages.middlewares, distDir: site.distDir, siteUrl });
console.log(fill(words.terminal.ready, { port }));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await pages.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
