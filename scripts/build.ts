/**
 * npm run build: validate the content, build the client and the server renderer with Vite, prerender every route to
 * static HTML with its metadata, then switch the site to the new release. Everything is written into a release of its
 * own beside the one being served (releases/, the release store); the site switches to it only when it is whole,
 * and a build that fails at any point leaves the site exactly as it was.
 *
 *   npm run build                  placeholder links (data/site.json's `placeholder:…`) are listed as warnings
 *   NODE_ENV=production npm run build, or -- --production
 *                                  a production build: placeholder links are refused too (the editor's Publish is one)
 *   -- --progress=json             one JSON line per stage on standard output (the editor's Publish reads them)
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, mergeConfig } from 'vite';
import { formatProblems, type Problem } from '../engine/content/problems.ts';
import { validateContent } from '../engine/content/validateContent.ts';
import { APPLYABLES_FILE } from '../engine/shared/applyables.ts';
import { loadSchemaStore } from '../engine/shared/schemaStore.ts';
import type { Applyable, ApplyCatalogue } from '../engine/types.ts';
import { snapshotFrom } from '../engine/vite/contentPlugin.ts';
import { currentReleaseId, type ReleaseChanges, type ReleaseInfo, readReleaseInfo, stageRelease } from '../releases/index.ts';
import { settingsOrExit } from '../server/settings.ts';
import { type Compression, compressAssets } from '../tooling/compressAssets.ts';
import { siteConfig } from '../vite.config.ts';
import { prerender } from './prerender.ts';

/** How long each stage took, in milliseconds (the benchmark reads them), and the release it made. */
export interface BuildReport {
  pages: number;
  files: number;
  validateMs: number;
  clientMs: number;
  serverMs: number;
  prerenderMs: number;
  compressMs: number;
  totalMs: number;
  release: string;
  changes: ReleaseChanges;
}

export type BuildStage = 'validate' | 'client' | 'server' | 'prerender' | 'compress' | 'switch';

/** What a build says as it goes (the editor shows it as the progress of a publish). */
export type BuildEvent =
  | { event: 'stage'; stage: BuildStage }
  | { event: 'refused'; problems: Problem[] }
  | { event: 'failed'; message: string }
  | { event: 'done'; release: string; changes: ReleaseChanges; pages: number };

export interface BuildOptions {
  quiet?: boolean;
  /** Where releases are kept: DIST_DIR, `dist` under the root by default. */
  distDir?: string;
  /** A production build refuses placeholder links; by default one when NODE_ENV=production. */
  production?: boolean;
  /** What makes the release (the history says so). */
  by?: ReleaseInfo['by'];
  /** BUILD_COMPRESSION: brotli's best by default; `fast` for the builds tests make. */
  compression?: Compression;
  onEvent?: (event: BuildEvent) => void;
}

/** Content problems that stop the build, with what it printed about them. */
export class ContentRefusedError extends Error {
  constructor(
    message: string,
    readonly problems: Problem[],
  ) {
    super(message);
    this.name = 'ContentRefusedError';
  }
}

/**
 * Everything a student can apply for, beside the release's pages: the server answers applications from the release it
 * serves, so a stream published from the editor takes applications from its first minute. Held to the schema the
 * server reads it with, so a release it would refuse is never made.
 */
function writeApplyables(root: string, releaseDir: string, items: Applyable[]): void {
  const catalogue: ApplyCatalogue = { items };
  const { errors } = loadSchemaStore(path.join(root, 'schemas')).validate('api/applyCatalogue.schema.json', catalogue);
  if (errors.length) {
    throw new Error(
      `build: what can be applied for does not fit schemas/api/applyCatalogue.schema.json: ${errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`,
    );
  }
  fs.writeFileSync(path.join(releaseDir, APPLYABLES_FILE), JSON.stringify(catalogue));
}

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export async function buildSite(root = process.cwd(), options: BuildOptions = {}): Promise<BuildReport> {
  const emit = options.onEvent ?? (() => {});
  const distDir = path.resolve(root, options.distDir ?? 'dist');
  // Whether this build is for production is the caller's environment's choice, read before NODE_ENV is set below.
  const production = options.production ?? process.env['NODE_ENV'] === 'production';
  const callersNodeEnv = process.env['NODE_ENV'];
  const started = performance.now();
  let mark = started;
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
  emit({ event: 'stage', stage: 'validate' });
  // Texts still holding the template's ✎ are errors in every build; placeholder links in a production build.
  // A production build stops only for placeholder links that new or changed documents use (placeholderStops): it
  // compares with what the live release was published with.
  const live = currentReleaseId(distDir);
  const published = live ? readReleaseInfo(distDir, live)?.published : undefined;
  const validation = validateContent(root, {
    templateText: 'error',
    placeholderLinks: production ? 'publish' : 'warning',
    ...(published ? { published } : {}),
  });
  if (!validation.model) {
    const texts = validation.problems.filter((p) => p.code === 'TEMPLATE_TEXT').length;
    const links = validation.problems.filter((p) => p.code === 'PLACEHOLDER_LINK' || p.code === 'PLACEHOLDER_LINK_USED').length;
    const held = [...new Set(validation.problems.filter((p) => p.code === 'PLACEHOLDER_LINK_USED').map((p) => p.file))];
    const unfinished = texts + links === validation.problems.length;
    const message = unfinished
      ? [
          texts ? `build: ${texts} texts still hold the template's ✎ placeholder; nothing was built.` : '',
          links
            ? `build: ${links} ${links === 1 ? 'link is' : 'links are'} a placeholder or an example address where a production build refuses them${held.length ? ` (used by ${held.join(', ')}, new or changed since the live release)` : ''}; nothing was built. Pages that use no such link are not the reason.`
            : '',
          'The site goes on serving the release it was serving. Write them (npm run edit shows each beside its field), then build again.',
        ]
          .filter(Boolean)
          .join('\n')
      : 'build: content is invalid; nothing was built. The site goes on serving the release it was serving.';
    emit({ event: 'refused', problems: validation.problems });
    throw new ContentRefusedError(`${formatProblems(validation.problems)}\n\n${message}`, validation.problems);
  }
  const placeholders = validation.warnings.filter((p) => p.code === 'PLACEHOLDER_LINK');
  if (placeholders.length && !options.quiet) {
    console.warn(
      `build: ${placeholders.length} ${placeholders.length === 1 ? 'link is' : 'links are'} marked as placeholders (${[...new Set(placeholders.map((p) => p.file))].join(', ')}); a production build (NODE_ENV=production, or Publish in the editor) refuses them.`,
    );
  }
  // Validated once, here: both Vite builds are handed the result instead of validating again.
  const content = snapshotFrom(validation.model);
  const staged = stageRelease(distDir);
  // A production build whatever the caller's environment (test runners set NODE_ENV=test): Vite's JSX transform and
  // the React that prerenders must agree. Put back afterwards, so that a server started in this same process (npm start)
  // is production only if its own environment says so.
  process.env['NODE_ENV'] = 'production';
  try {
    const config = (build: object) => mergeConfig(siteConfig(content), { root, configFile: false, logLevel: 'warn', build });
    writeApplyables(root, staged.dir, content.applyables);
    const validateMs = lap();
    emit({ event: 'stage', stage: 'client' });
    await build(config({ outDir: path.join(staged.dir, 'client'), emptyOutDir: true }));
    const clientMs = lap();
    emit({ event: 'stage', stage: 'server' });
    await build(
      config({
        ssr: 'engine/entry-server.tsx',
        rollupOptions: { input: 'engine/entry-server.tsx' },
        outDir: path.join(staged.dir, 'server'),
        emptyOutDir: true,
      }),
    );
    // The staff console (staff/): its own bundle at /staff, built apart so none of its code or words reach the public
    // pages (its time is counted with the server renderer's).
    await build({
      root: path.join(root, 'staff'),
      base: '/staff/',
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { target: 'es2022', outDir: path.join(staged.dir, 'client', 'staff'), emptyOutDir: true },
    });
    const serverMs = lap();
    emit({ event: 'stage', stage: 'prerender' });
    const result = await prerender(staged.dir);
    const prerenderMs = lap();
    emit({ event: 'stage', stage: 'compress' });
    await compressAssets(path.join(staged.dir, 'client'), options.compression);
    const compressMs = lap();
    emit({ event: 'stage', stage: 'switch' });
    const pages = [...content.pages.values()].map((page) => ({ pageId: page.id, path: page.path, label: page.label, hash: sha256(page) }));
    const info = staged.finish({
      createdAt: new Date().toISOString(),
      by: options.by ?? 'build',
      pages,
      menusHash: sha256({ nav: content.site.nav, footer: content.site.footer }),
      published: validation.facts,
    });
    const report: BuildReport = {
      ...result,
      validateMs,
      clientMs,
      serverMs,
      prerenderMs,
      compressMs,
      totalMs: performance.now() - started,
      release: info.id,
      changes: info.changes,
    };
    emit({ event: 'done', release: info.id, changes: info.changes, pages: result.pages });
    if (!options.quiet) {
      const s = (ms: number) => (ms / 1000).toFixed(1);
      console.log(
        `build: ${result.pages} pages prerendered (${result.files} HTML files) in ${s(report.totalMs)} s; now serving release ${info.id} (${path.relative(root, distDir) || '.'}/current)\n` +
          `       validate ${s(validateMs)} s, client ${s(clientMs)} s, server renderer ${s(serverMs)} s, prerender ${s(prerenderMs)} s, compress ${s(compressMs)} s`,
      );
    }
    return report;
  } catch (error) {
    // Nothing of this build is served: the site stays on the release it was serving. The build's own error is the
    // one reported, even if what it wrote cannot all be removed (the next build removes it).
    try {
      staged.abandon();
    } catch (cleanup) {
      console.error(`build: could not remove the unfinished release: ${(cleanup as Error).message}`);
    }
    emit({ event: 'failed', message: (error as Error).message });
    throw error;
  } finally {
    if (callersNodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = callersNodeEnv;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const json = args.includes('--progress=json');
  const by = args.includes('--by=editor') ? 'editor' : 'build';
  // DIST_DIR is the server's setting (where it serves from); a wrong setting stops here with its sentence.
  const { distDir, buildCompression } = settingsOrExit();
  await buildSite(process.cwd(), {
    distDir,
    compression: buildCompression,
    ...(args.includes('--production') ? { production: true } : {}),
    by,
    quiet: json,
    ...(json ? { onEvent: (event: BuildEvent) => process.stdout.write(`${JSON.stringify(event)}\n`) } : {}),
  }).catch((error: unknown) => {
    console.error(error instanceof ContentRefusedError ? error.message : error);
    process.exit(1);
  });
}
