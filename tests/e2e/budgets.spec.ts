import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Request } from '@playwright/test';
import { validateContent } from '../../engine/content/validateContent.ts';
import type { PrerenderManifest } from '../../engine/shared/pageHtml.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { expect, test } from './fixtures.ts';

interface Budget {
  scriptGzipBytes: number;
  stylesheetGzipBytes: number;
}
interface Budgets {
  default: Budget;
  routes: Record<string, Partial<Budget>>;
}

const clientDir = path.join(projectRoot, 'dist', 'current', 'client');
const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'dist', 'current', 'prerender-manifest.json'), 'utf8')) as PrerenderManifest;
const budgets = JSON.parse(fs.readFileSync(path.join(projectRoot, 'budgets.json'), 'utf8')) as Budgets;
const viteManifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;

// Which section type each built chunk holds, from Vite's manifest (engine/sections/CardGrid/CardGrid.tsx → cardGrid).
const sectionOfChunk = new Map<string, string>();
for (const [source, chunk] of Object.entries(viteManifest)) {
  const match = /^engine\/sections\/(\w+)\/\1\.tsx$/.exec(source);
  if (match) sectionOfChunk.set(`/${chunk.file}`, match[1]!.charAt(0).toLowerCase() + match[1]!.slice(1));
}

const { model } = validateContent(projectRoot);
const sectionsOfPage = new Map(model!.pages.map((p) => [p.doc.path, new Set(p.doc.sections.map((s) => s.type))]));

const gzipSizes = new Map<string, number>();
function gzipBytes(urlPath: string): number {
  let size = gzipSizes.get(urlPath);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(clientDir, urlPath)), { level: 9 }).length;
    gzipSizes.set(urlPath, size);
  }
  return size;
}

/** A page in Hindi (/hi/…) is held to its English page's budget: neither language makes a page heavier. */
function budgetFor(route: string): Budget {
  const english = route.replace(/^\/hi(?=\/|$)/, '') || '/';
  return { ...budgets.default, ...budgets.routes[english] };
}

test.use({ viewport: { width: 390, height: 844 } });

/**
 * What each route makes a phone download before the visitor does anything:
 * gzip JavaScript and CSS within budgets.json, no section code but that of the
 * sections the page shows, one stylesheet and no script that blocks rendering.
 */
test('every route loads no more JavaScript and CSS than its budget', async ({ page }) => {
  test.setTimeout(180_000);
  const rows: string[] = [];
  const overBudget: string[] = [];
  const foreignSections: string[] = [];

  // A page at /hi/… not translated yet loads exactly what its English page does: the translated ones are measured.
  const measured = manifest.pages.filter((route) => !fs.readFileSync(path.join(clientDir, route.file), 'utf8').includes('data-untranslated'));
  for (const route of measured) {
    const requested: string[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/assets/')) requested.push(url.pathname);
    };
    page.on('request', onRequest);
    await page.goto(encodeURI(route.path), { waitUntil: 'networkidle' });
    page.off('request', onRequest);

    const scripts = requested.filter((p) => p.endsWith('.js'));
    const styles = requested.filter((p) => p.endsWith('.css'));
    const script = scripts.reduce((sum, p) => sum + gzipBytes(p), 0);
    const stylesheet = styles.reduce((sum, p) => sum + gzipBytes(p), 0);
    const budget = budgetFor(route.path);
    rows.push(`${route.path.padEnd(48)} ${String(script).padStart(7)} ${String(stylesheet).padStart(6)}  (${scripts.length} scripts)`);
    if (script > budget.scriptGzipBytes) overBudget.push(`${route.path}: JavaScript ${script} B gzip > ${budget.scriptGzipBytes}`);
    if (stylesheet > budget.stylesheetGzipBytes) overBudget.push(`${route.path}: CSS ${stylesheet} B gzip > ${budget.stylesheetGzipBytes}`);

    // A page in Hindi shows its English page's sections.
    const shown = sectionsOfPage.get(route.path.replace(/^\/hi(?=\/|$)/, '') || '/') ?? new Set();
    for (const chunk of scripts) {
      const section = sectionOfChunk.get(chunk);
      if (section && !shown.has(section as never)) foreignSections.push(`${route.path} loaded the code of ${section}, which it does not show`);
    }
  }

  console.log(`route${' '.repeat(44)}JS gzip CSS gzip\n${rows.join('\n')}`);
  expect(overBudget, 'routes over their budget in budgets.json').toEqual([]);
  expect(foreignSections).toEqual([]);
});

test('the only render-blocking request of a page is its one stylesheet', async () => {
  for (const route of manifest.pages) {
    const html = fs.readFileSync(path.join(clientDir, route.file), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    const stylesheets = head.match(/<link[^>]+rel="stylesheet"[^>]*>/g) ?? [];
    expect(stylesheets, route.path).toHaveLength(1);
    // Classic scripts in <head> without async or defer stop the parser; module scripts never do.
    const blockingScripts = (head.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !/type="(module|application\/ld\+json)"/.test(tag) && !/\b(async|defer)\b/.test(tag),
    );
    expect(blockingScripts, route.path).toEqual([]);
    expect(head, `${route.path} loads a web font`).not.toMatch(/fonts\.googleapis|\.woff2?/);
  }
});
