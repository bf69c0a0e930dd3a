import { describe, expect, it } from 'vitest';
import { projectPaths } from '../../../engine/content/projectPaths.ts';
import { addressPart, nameProblem, scaffoldFiles } from '../../../engine/content/scaffolds.ts';

const paths = projectPaths(process.cwd());
const pathOf = (kind: 'internship' | 'jobs' | 'course', name: string) =>
  (JSON.parse(scaffoldFiles(paths, kind, name, 'InternCraft').find((f) => f.rel.startsWith('pages/'))!.text) as { path: string }).path;

describe('the address a new page gets (issue 37: "Data Analytics" made /internship/Data Analytics)', () => {
  it('is the name in small letters with hyphens, whatever spaces and capitals it was typed with', () => {
    expect(pathOf('internship', 'Data Analytics')).toBe('/internship/data-analytics');
    expect(pathOf('internship', 'DATA   analytics')).toBe('/internship/data-analytics');
    expect(pathOf('jobs', 'Finance Jobs')).toBe('/jobs/finance-jobs');
    expect(pathOf('course', 'Cloud Computing')).toBe('/courses/CloudComputing');
    expect(addressPart("R&D Women's Cell - 2")).toBe('r-and-d-womens-cell-2');
    for (const kind of ['internship', 'jobs', 'course'] as const) expect(pathOf(kind, 'Data Analytics')).not.toMatch(/\s/);
  });

  it('keeps the name as typed for what people read', () => {
    const page = JSON.parse(scaffoldFiles(paths, 'internship', 'Data Analytics', 'InternCraft')[0]!.text) as { title: string };
    expect(page.title).toBe('Data Analytics Internships with Stipend | InternCraft');
  });

  it('says exactly why a name cannot make an address', () => {
    expect(nameProblem('Data Analytics')).toBeUndefined();
    expect(nameProblem('C++ Development')).toBe(
      `"C++ Development" cannot be a page name: "+" cannot be in a page's address (use letters, digits, spaces, & ' and -, starting with a letter, at most 50 characters; write "Plus" for +, for instance).`,
    );
    expect(nameProblem('Data/Analytics')).toContain('"/" cannot be in a page\'s address');
    expect(nameProblem('3D Design')).toContain('it starts with "3", and a name starts with a letter');
    expect(nameProblem('A'.repeat(60))).toContain('it has 60 characters, and at most 50');
  });
});

describe('a new page starts with its Hindi beside it (issue 36: "npm run new pages start with both")', () => {
  it('gives each document a translation with nothing written yet, its schema named from where it goes', () => {
    const files = scaffoldFiles(paths, 'course', 'Cloud Computing', 'InternCraft');
    expect(files.map((f) => f.rel)).toEqual([
      'data/courseDetails/CloudComputing.json',
      'pages/courses/CloudComputing.json',
      'data/courseDetails/CloudComputing.hi.json',
      'pages/courses/CloudComputing.hi.json',
    ]);
    expect(JSON.parse(files[2]!.text)).toEqual({ $schema: '../../schemas/translation.schema.json', texts: {} });
    expect(JSON.parse(files[3]!.text)).toEqual({ $schema: '../../schemas/translation.schema.json', texts: {} });
    const stream = scaffoldFiles(paths, 'internship', 'Data Analytics', 'InternCraft');
    expect(stream.map((f) => f.rel)).toEqual(['pages/internship/Data Analytics.json', 'pages/internship/Data Analytics.hi.json']);
  });
});
