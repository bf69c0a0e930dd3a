/**
 * npm run build: validate the content, build the client and the server renderer
 * with Vite, then prerender every route to static HTML with its metadata.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build, mergeConfig } from 'vite';
import { formatProblems } from '../engine/content/problems.ts';
import { validateContent } from '../engine/content/validateContent.ts';
import { snapshotFrom } from '../engine/vite/contentPlugin.ts';
import { siteConfig } from '../vite.config.ts';
import { compressAssets } from './compressAssets.ts';
import { prerender } from './prerender.ts';

/** How long each stage took, in milliseconds (the benchmark reads them). */
export interface BuildReport {
  pages: number;
  files: number;
  validateMs: number;
  clientMs: number;
  serverMs: number;
  prerenderMs: number;
  compressMs: number;
  totalMs: number;
}

export async function buildSite(root = process.cwd(), options: { quiet?: boolean } = {}): Promise<BuildReport> {
  // A production build whatever the caller's environment (test runners set NODE_ENV=test): Vite's JSX transform and
  // the React that prerenders must agree.
  process.env['NODE_ENV'] = 'production';
  const started = performance.now();
  let mark = started;
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
  // A production build: a text still holding the template's ✎ is an error here, not the warning it is while writing.
  const validation = validateContent(root, { templateText: 'error' });
  if (!validation.model) {
    console.error(formatProblems(validation.problems));
    const unfinished = validation.problems.every((p) => p.code === 'TEMPLATE_TEXT');
    console.error(
      unfinished
        ? `\nbuild: ${validation.problems.length} texts still hold the template's ✎ placeholder; nothing was built. Write them (npm run edit shows each beside its field), then build again.`
        : '\nbuild: content is invalid; nothing was built.',
    );
    process.exit(1);
  }
  // Validated once, here: both Vite builds are handed the result instead of validating again.
  const content = snapshotFrom(validation.model);
  const config = (build: object) => mergeConfig(siteConfig(content), { root, configFile: false, logLevel: 'warn', build });
  const validateMs = lap();
  await build(config({ outDir: 'dist/client', emptyOutDir: true }));
  const clientMs = lap();
  await build(config({ ssr: 'engine/entry-server.tsx', outDir: 'dist/server', emptyOutDir: true }));
  const serverMs = lap();
  const result = await prerender(root);
  const prerenderMs = lap();
  await compressAssets(path.join(root, 'dist', 'client'));
  const compressMs = lap();
  const report: BuildReport = { ...result, validateMs, clientMs, serverMs, prerenderMs, compressMs, totalMs: performance.now() - started };
  if (!options.quiet) {
    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `build: ${result.pages} pages prerendered (${result.files} HTML files) in ${s(report.totalMs)} s → dist/client\n` +
        `       validate ${s(validateMs)} s, client ${s(clientMs)} s, server renderer ${s(serverMs)} s, prerender ${s(prerenderMs)} s, compress ${s(compressMs)} s`,
    );
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildSite().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
