import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { changedFiles, snapshotFiles } from '../support/fileSnapshot.ts';

/** Adding a page file is all it takes: the build gives it a route, prerendered HTML and a place in the menu. */
describe('a new page file in a copy of the project', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let before: Map<string, string>;
  beforeAll(() => {
    temp = makeTempProject('new-page-');
    before = snapshotFiles(temp.root);
    temp.write(
      'pages/internship/Data Science Lab.json',
      JSON.stringify(
        {
          $schema: '../../schemas/page.schema.json',
          path: '/internship/Data Science Lab',
          title: 'Data Science Lab Internships | InternCraft',
          description: 'A test page added by a test: online data science lab internships with projects and a certificate.',
          nav: { menu: 'internships', label: 'Data Science Lab', order: 99 },
          sections: [{ type: 'hero', title: 'Data Science Lab', text: 'Added without touching any code.' }],
        },
        null,
        2,
      ),
    );
    execFileSync('npx', ['tsx', 'scripts/build.ts'], { cwd: temp.root, stdio: 'pipe', encoding: 'utf8' });
  }, 120_000);
  afterAll(() => temp.remove());

  it('is prerendered at its path, spaces and capitals included', () => {
    const html = fs.readFileSync(path.join(temp.root, 'dist/client/internship/Data Science Lab/index.html'), 'utf8');
    expect(html).toContain('<title>Data Science Lab Internships | InternCraft</title>');
    expect(html).toContain('Added without touching any code.');
    expect(html).toContain('<link rel="canonical" href="https://interncraft.in/internship/Data%20Science%20Lab"/>');
  });

  it('is in the route table the server reads', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(temp.root, 'dist/current/prerender-manifest.json'), 'utf8')) as { pages: { path: string }[] };
    expect(manifest.pages.map((p) => p.path)).toContain('/internship/Data Science Lab');
  });

  it('appears in the navigation of every page', () => {
    const home = fs.readFileSync(path.join(temp.root, 'dist/client/index.html'), 'utf8');
    expect(home).toContain('href="/internship/Data%20Science%20Lab"');
  });

  it('needed no change to any other file', () => {
    const { changed, removed } = changedFiles(before, snapshotFiles(temp.root));
    expect(changed).toEqual(['pages/internship/Data Science Lab.json']);
    expect(removed).toEqual([]);
  });
});
