import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { STREAM_FILE as page } from './globalSetup.ts';

/**
 * What an author does to add a stream: `npm run new -- internship "Data Analytics"`,
 * validate, build; the build refuses the template's ✎ texts until they are
 * written. Then the stream must be everywhere it belongs with no other file touched.
 */
describe('npm run new -- internship "Data Analytics", in a copy of the project', () => {
  const site = inject('grownSite');
  const { newStream, validate, refusedBuild, validateAfterWriting, build } = site.runs;
  const read = (rel: string) => fs.readFileSync(path.join(site.root, rel), 'utf8');

  it('writes a valid page and says which file to edit next', () => {
    expect(newStream.status, newStream.output).toBe(0);
    expect(newStream.output).toContain(`Created ${page}`);
    expect(newStream.output).toContain(`Next: open ${page}`);
    expect(validate.output).toContain('no problems');
    expect(validate.output).toMatch(/22 texts still hold the template's ✎ placeholder/);
    expect(validate.output).toContain(`${page}:5:`);
  });

  it("is not built while a text still holds the template's ✎, and the build says where and what to do", () => {
    expect(refusedBuild.status).toBe(1);
    expect(refusedBuild.output).toMatch(new RegExp(`${page}:5:\\d+  /description  \\[TEMPLATE_TEXT\\]`));
    expect(refusedBuild.output).toContain('Fix: Write the real text in its place, without the ✎');
    expect(refusedBuild.output).toContain("22 texts still hold the template's ✎ placeholder; nothing was built.");
    expect(validateAfterWriting.output).toContain('no problems');
    expect(validateAfterWriting.output).not.toContain('✎');
  });

  it('is prerendered at /internship/data-analytics', () => {
    expect(build.status, build.output).toBe(0);
    const html = read('dist/client/internship/data-analytics/index.html');
    expect(html).toContain('<title>Data Analytics Internships with Stipend | InternCraft</title>');
    expect(html).toContain('Data Analytics Internships</h1>');
  });

  it('is in the Internships menu of every page', () => {
    for (const file of ['dist/client/index.html', 'dist/client/about/index.html']) {
      expect(read(file)).toContain('href="/internship/data-analytics"');
    }
  });

  it('is in the sitemap', () => {
    expect(read('dist/client/sitemap.xml')).toContain('<loc>https://interncraft.in/internship/data-analytics</loc>');
  });

  it('is in the search index, the stream and its roles', () => {
    const assets = fs.readdirSync(path.join(site.root, 'dist/client/assets'));
    const searchChunk = assets.find((f) => f.includes('search-data-en') && f.endsWith('.js'));
    expect(searchChunk).toBeDefined();
    const index = read(`dist/client/assets/${searchChunk}`);
    expect(index).toContain('Data Analytics Internships');
    expect(index).toContain('/internship/data-analytics?role=dataAnalyticsAssociate');
  });

  it('is in the internship finder on /internship', () => {
    // Each role a card of the finder's list, drawn by the server; the filters read the cards themselves.
    const finder = read('dist/client/internship/index.html');
    expect(finder).toContain('href="/internship/data-analytics?role=dataAnalyticsAnalyst"');
    expect(finder).toContain('data-key="data-analytics.dataAnalyticsAnalyst"');
  });

  it('changed no file outside pages/ and data/, nor did the build', () => {
    const { changed, removed } = site.changes.stream;
    expect(removed).toEqual([]);
    // The page, and its Hindi beside it with nothing written yet (npm run new starts a page with both).
    expect([...changed].sort()).toEqual([page.replace(/\.json$/, '.hi.json'), page].sort());
    expect(changed.every((f) => f.startsWith('pages/') || f.startsWith('data/'))).toBe(true);
    expect(site.changes.build).toEqual({ changed: [], removed: [] });
  });
});
