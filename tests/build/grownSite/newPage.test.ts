import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PAGE_FILE } from './globalSetup.ts';

/** Adding a page file is all it takes: the build gives it a route, prerendered HTML and a place in the menu. */
describe('a new page file in a copy of the project', () => {
  const site = inject('grownSite');
  const read = (rel: string) => fs.readFileSync(path.join(site.root, rel), 'utf8');

  it('is prerendered at its path, spaces and capitals included', () => {
    expect(site.runs.build.status, site.runs.build.output).toBe(0);
    const html = read('dist/client/internship/Data Science Lab/index.html');
    expect(html).toContain('<title>Data Science Lab Internships | InternCraft</title>');
    expect(html).toContain('Added without touching any code.');
    expect(html).toContain('<link rel="canonical" href="https://interncraft.in/internship/Data%20Science%20Lab"/>');
  });

  it('is in the route table the server reads', () => {
    const manifest = JSON.parse(read('dist/current/prerender-manifest.json')) as { pages: { path: string }[] };
    expect(manifest.pages.map((p) => p.path)).toContain('/internship/Data Science Lab');
  });

  it('appears in the navigation of every page', () => {
    for (const file of ['dist/client/index.html', 'dist/client/about/index.html']) expect(read(file)).toContain('href="/internship/Data%20Science%20Lab"');
  });

  it('needed no change to any other file, and the build changed none', () => {
    expect(site.changes.page).toEqual({ changed: [PAGE_FILE], removed: [] });
    expect(site.changes.build).toEqual({ changed: [], removed: [] });
  });
});
