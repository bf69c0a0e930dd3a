import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { PrerenderManifest } from '../../engine/shared/pageHtml.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { describeViolations, WCAG } from './axe.ts';
import { expect, test } from './fixtures.ts';

const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'dist', 'current', 'prerender-manifest.json'), 'utf8')) as PrerenderManifest;
const normalise = (p: string) =>
  decodeURIComponent(p)
    .replace(/(.)\/+$/, '$1')
    .toLowerCase();
const known = new Map<string, string>();
for (const page of manifest.pages) for (const p of [page.path, ...page.aliases]) known.set(normalise(p), page.file);

/**
 * Opens every prerendered route as a visitor on a phone would (scrolling to the
 * end so every lazy picture loads): WCAG 2.2 AA by axe-core on a page of each kind,
 * and every internal link followed: no dead link, no console error, no hydration
 * warning (the fixture fails on those).
 */
test.use({ viewport: { width: 390, height: 844 } });

/**
 * A page at /hi/… whose texts are not translated yet is its English page with Hindi menus and a notice: one of them is
 * crawled (the notice and the chrome), the rest would repeat their English pages.
 */
const untranslated = (file: string) => fs.readFileSync(path.join(projectRoot, 'dist', 'current', 'client', file), 'utf8').includes('data-untranslated');
const crawled = manifest.pages.filter((route) => route.path === '/hi/about' || !untranslated(route.file));

/**
 * axe-core checks the first page of each kind in each language: pages made of the same section types in the same order
 * (the 14 streams, the 19 course details, the job categories…) are one template filled from different content, so a
 * fault axe finds in content alone on a page not checked is missed here. Every page is still opened and followed link
 * by link. A page's kind is read from its document (pages/<id>.json; a Hindi page's is its English's).
 */
const kindOf = (pageId: string) => {
  const english = pageId.startsWith('hi/') ? pageId.slice(3) : pageId;
  const doc = JSON.parse(fs.readFileSync(path.join(projectRoot, 'pages', `${english}.json`), 'utf8')) as { sections: { type: string }[] };
  return `${pageId.startsWith('hi/') ? 'hi' : 'en'}:${doc.sections.map((section) => section.type).join(',')}`;
};
const kinds = new Set<string>();
const firstOfKind = new Set<string>();
for (const route of crawled) {
  const kind = kindOf(route.pageId);
  if (kinds.has(kind)) continue;
  kinds.add(kind);
  firstOfKind.add(route.path);
}

for (const route of crawled) {
  test(`crawl ${route.path}`, async ({ page, request }) => {
    // Opened once live (the fixture waits for hydration); the network is left to settle once, after the scroll has
    // asked for every lazy picture and island.
    const response = await page.goto(encodeURI(route.path));
    expect(response?.status()).toBe(route.file === manifest.notFound ? 404 : 200);
    await page.evaluate(async () => {
      // A painted frame at each step, so lazy pictures in view start loading (Chromium starts them 1,250 px or more
      // before they come into view). Instant jumps: the site's smooth scrolling would still be on its way.
      for (let y = 0; y < document.body.scrollHeight; y += 1000) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    await page.waitForLoadState('networkidle');

    if (firstOfKind.has(route.path)) {
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze();
      expect(axe.violations, describeViolations(axe.violations)).toEqual([]);
    }

    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    const internal = [...new Set(hrefs.filter((h) => h.startsWith('/') || h.startsWith('#')))];
    expect(internal.length).toBeGreaterThan(0);
    const content = await page.content();
    for (const href of internal) {
      if (href.startsWith('#')) {
        expect(content, `${href} on ${route.path}: the anchor exists`).toContain(`id="${href.slice(1)}"`);
        continue;
      }
      const url = new URL(href, `http://site${encodeURI(route.path)}`);
      const targetFile = known.get(normalise(url.pathname));
      if (targetFile === undefined) {
        const file = await request.get(url.pathname);
        expect(file.status(), `${href} on ${route.path} is a page or a file`).toBe(200);
        continue;
      }
      expect(targetFile, `${href} on ${route.path} leads to the not-found page`).not.toBe(manifest.notFound);
      if (url.hash) {
        const html = fs.readFileSync(path.join(projectRoot, 'dist', 'current', 'client', targetFile), 'utf8');
        expect(html, `${href} on ${route.path}: the anchor exists`).toContain(`id="${decodeURIComponent(url.hash.slice(1))}"`);
      }
    }
  });
}
