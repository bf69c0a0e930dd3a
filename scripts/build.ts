/**
 * npm run build: validate the content, build the client and the server renderer
 * with Vite, then prerender every route to static HTML with its metadata.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { formatProblems } from '../engine/content/problems.ts';
import { validateContent } from '../engine/content/validateContent.ts';
import { compressAssets } from './compressAssets.ts';
import { prerender } from './prerender.ts';

export async function buildSite(root = process.cwd()): Promise<void> {
  const started = performance.now();
  const validation = validateContent(root);
  if (validation.problems.length > 0) {
    console.error(formatProblems(validation.problems));
    console.error('\nbuild: content is invalid; nothing was built.');
    process.exit(1);
  }
  const configFile = path.join(root, 'vite.config.ts');
  await build({ root, configFile, logLevel: 'warn', build: { outDir: 'dist/client', emptyOutDir: true } });
  await build({ root, configFile, logLevel: 'warn', build: { ssr: 'engine/entry-server.tsx', outDir: 'dist/server', emptyOutDir: true } });
  const result = await prerender(root);
  await compressAssets(path.join(root, 'dist', 'client'));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`build: ${result.pages} pages prerendered (${result.files} HTML files) in ${seconds} s → dist/client`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildSite().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
