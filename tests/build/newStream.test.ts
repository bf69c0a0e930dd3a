import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { changedFiles, snapshotFiles } from '../support/fileSnapshot.ts';

/**
 * What an author does to add a stream: `npm run new -- internship "Data Analytics"`,
 * validate, build; the build refuses the template's ✎ texts until they are
 * written. Then the stream must be everywhere it belongs with no other file touched.
 */
describe('npm run new -- internship "Data Analytics", in a copy of the project', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let before: Map<string, string>;
  let newOutput: string;
  let validateOutput: string;
  let refusedBuild: { status: number | null; output: string };
  let validateAfterWriting: string;
  const page = 'pages/internship/Data Analytics.json';
  const read = (rel: string) => fs.readFileSync(path.join(temp.root, rel), 'utf8');
  beforeAll(() => {
    temp = makeTempProject('new-stream-');
    before = snapshotFiles(temp.root);
    const run = (args: string[]) => execFileSync('npx', ['tsx', ...args], { cwd: temp.root, encoding: 'utf8', stdio: 'pipe' });
    newOutput = run(['scripts/newPage.ts', 'internship', 'Data Analytics']);
    validateOutput = run(['scripts/validate.ts']);
    const refused = spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: temp.root, encoding: 'utf8' });
    refusedBuild = { status: refused.status, output: refused.stdout + refused.stderr };
    // The author writes every text the template marked (here: keeps the suggested words, without the mark).
    temp.edit(page, (text) => text.replaceAll('✎ ', ''));
    validateAfterWriting = run(['scripts/validate.ts']);
    run(['scripts/build.ts']);
  }, 240_000);
  afterAll(() => temp.remove());

  it('writes a valid page and says which file to edit next', () => {
    expect(newOutput).toContain(`Created ${page}`);
    expect(newOutput).toContain(`Next: open ${page}`);
    expect(validateOutput).toContain('no problems');
    expect(validateOutput).toMatch(/22 texts still hold the template's ✎ placeholder/);
    expect(validateOutput).toContain(`${page}:5:`);
  });

  it("is not built while a text still holds the template's ✎, and the build says where and what to do", () => {
    expect(refusedBuild.status).toBe(1);
    expect(refusedBuild.output).toMatch(new RegExp(`${page}:5:\\d+  /description  \\[TEMPLATE_TEXT\\]`));
    expect(refusedBuild.output).toContain('Fix: Write the real text in its place, without the ✎');
    expect(refusedBuild.output).toContain("22 texts still hold the template's ✎ placeholder; nothing was built.");
    expect(validateAfterWriting).toContain('no problems');
    expect(validateAfterWriting).not.toContain('✎');
  });

  it('is prerendered at /internship/Data Analytics', () => {
    const html = read('dist/client/internship/Data Analytics/index.html');
    expect(html).toContain('<title>Data Analytics Internships with Stipend | InternCraft</title>');
    expect(html).toContain('Data Analytics Internships</h1>');
  });

  it('is in the Internships menu of every page', () => {
    for (const file of ['dist/client/index.html', 'dist/client/about/index.html']) {
      expect(read(file)).toContain('href="/internship/Data%20Analytics"');
    }
  });

  it('is in the sitemap', () => {
    expect(read('dist/client/sitemap.xml')).toContain('<loc>https://interncraft.in/internship/Data%20Analytics</loc>');
  });

  it('is in the search index, the stream and its roles', () => {
    const assets = fs.readdirSync(path.join(temp.root, 'dist/client/assets'));
    const searchChunk = assets.find((f) => f.includes('search-data'));
    expect(searchChunk).toBeDefined();
    const index = read(`dist/client/assets/${searchChunk}`);
    expect(index).toContain('Data Analytics Internships');
    expect(index).toContain('/internship/Data Analytics?role=dataAnalyticsAssociate');
  });

  it('is in the internship finder on /internship', () => {
    // Each role a card of the finder's list (drawn by the server), and in the page's data for its filters.
    const finder = read('dist/client/internship/index.html');
    expect(finder).toContain('href="/internship/Data%20Analytics?role=dataAnalyticsAnalyst"');
    expect(finder.slice(finder.indexOf('id="page-data"'))).toContain('"roleId":"dataAnalyticsAnalyst"');
  });

  it('changed no file outside pages/ and data/', () => {
    const { changed, removed } = changedFiles(before, snapshotFiles(temp.root));
    expect(removed).toEqual([]);
    expect(changed).toEqual([page]);
    expect(changed.every((f) => f.startsWith('pages/') || f.startsWith('data/'))).toBe(true);
  });
});
