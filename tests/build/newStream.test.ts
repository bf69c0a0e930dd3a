import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { changedFiles, snapshotFiles } from '../support/fileSnapshot.ts';

/**
 * What an author does to add a stream: `npm run new -- internship "Data Analytics"`,
 * then validate and build. The stream must be everywhere it belongs with no
 * other file touched.
 */
describe('npm run new -- internship "Data Analytics", in a copy of the project', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let before: Map<string, string>;
  let newOutput: string;
  let validateOutput: string;
  const read = (rel: string) => fs.readFileSync(path.join(temp.root, rel), 'utf8');
  beforeAll(() => {
    temp = makeTempProject('new-stream-');
    before = snapshotFiles(temp.root);
    const run = (args: string[]) => execFileSync('npx', ['tsx', ...args], { cwd: temp.root, encoding: 'utf8', stdio: 'pipe' });
    newOutput = run(['scripts/newPage.ts', 'internship', 'Data Analytics']);
    validateOutput = run(['scripts/validate.ts']);
    run(['scripts/build.ts']);
  }, 180_000);
  afterAll(() => temp.remove());

  it('writes a valid page and says which file to edit next', () => {
    expect(newOutput).toContain('Created pages/internship/Data Analytics.json');
    expect(newOutput).toContain('Next: open pages/internship/Data Analytics.json');
    expect(validateOutput).toContain('no problems');
    expect(validateOutput).toMatch(/texts still start with the template's ✎/);
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
    const pages = fs.readdirSync(path.join(temp.root, 'dist/client/assets')).filter((f) => /^internship-[\w-]+\.js$/.test(f) && !f.includes('law'));
    expect(pages.some((f) => read(`dist/client/assets/${f}`).includes('dataAnalyticsAnalyst'))).toBe(true);
  });

  it('changed no file outside pages/ and data/', () => {
    const { changed, removed } = changedFiles(before, snapshotFiles(temp.root));
    expect(removed).toEqual([]);
    expect(changed).toEqual(['pages/internship/Data Analytics.json']);
    expect(changed.every((f) => f.startsWith('pages/') || f.startsWith('data/'))).toBe(true);
  });
});
