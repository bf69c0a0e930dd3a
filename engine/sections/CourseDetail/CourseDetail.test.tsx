import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSection, resolvedPages, siteContentOf, textOf } from '../../../tests/support/renderSection.tsx';
import { projectRoot } from '../../../tooling/projectCopy.ts';

const pageAt = (path: string) => resolvedPages.find((p) => p.path === path)!;

describe('courseDetail', () => {
  it('Python lists its modules without expandable details, and shows no highlights', async () => {
    const page = pageAt('/courses/PythonProgramming');
    const html = await renderSection(page, page.sections[0] as never);
    expect(html).not.toContain('<details name=');
    expect(textOf(html)).not.toContain('Course Highlights');
  });

  it('Electric Vehicle testimonials have no stars; Cyber Security modules open to a one-line blurb only', async () => {
    const ev = pageAt('/courses/ElectricVehicle');
    expect(await renderSection(ev, ev.sections[0] as never)).not.toContain('out of 5');
    const cyber = pageAt('/courses/CyberSecurity');
    const html = await renderSection(cyber, cyber.sections[0] as never);
    expect(html).toMatch(/<details name="[^"]+" class="[^"]+"><summary/);
    expect(textOf(html)).not.toContain('Video Lectures');
  });
});

describe('a page that overrides its course with courseDetails', () => {
  let content: ReturnType<typeof siteContentOf>;
  beforeAll(() => {
    // The page as an author would change it, in place of the file (no copy of the project).
    const rel = 'pages/courses/WebDevelopment.json';
    const text = fs
      .readFileSync(path.join(projectRoot, rel), 'utf8')
      .replace(
        '{ "type": "courseDetail", "courseId": "WebDevelopment" }',
        '{ "type": "courseDetail", "courseId": "WebDevelopment", "courseDetails": { "title": "Web Development Bootcamp", "newPrice": 12000, "syllabus": ["Only module"] } }',
      );
    expect(text).toContain('Web Development Bootcamp');
    content = siteContentOf(projectRoot, new Map([[rel, text]]));
  });

  it('shows the overridden price and content on its own page', async () => {
    const page = [...content.pages.values()].find((p) => p.path === '/courses/WebDevelopment')!;
    const html = textOf(await renderSection(page, page.sections[0] as never, page.path, content.site));
    expect(html).toContain('Web Development Bootcamp');
    expect(html).toContain('₹12,000');
    expect(html).toContain('40% OFF');
    expect(html).toContain('Only module');
    expect(html).not.toContain('₹15,000');
    expect(html).not.toContain('HTML5 and semantic markup');
  });

  it('gives the same price and title in the catalogue, in search and in the JSON-LD', async () => {
    const catalogue = [...content.pages.values()].find((p) => p.path === '/courses')!;
    const card = catalogue.derived.professionalCourses!.find((p) => p.path === '/courses/WebDevelopment')!;
    expect(card.course).toMatchObject({ title: 'Web Development Bootcamp', newPrice: 12000 });
    const listed = (await Promise.all(catalogue.sections.map((section) => renderSection(catalogue, section as never, catalogue.path, content.site))))
      .map(textOf)
      .join(' ');
    expect(listed).toContain('Web Development Bootcamp ');
    expect(listed).toContain('₹12,000');

    const record = content.search.find((r) => r.id === 'coursepage:/courses/WebDevelopment')!;
    expect(record.title).toBe('Web Development Bootcamp');
    expect(record.context).toContain('₹12,000');

    const page = [...content.pages.values()].find((p) => p.path === '/courses/WebDevelopment')!;
    const course = content.structuredData.get(page.id)!.find((item) => item['@type'] === 'Course')!;
    expect(course).toMatchObject({ name: 'Web Development Bootcamp', offers: { price: 12000 } });
  });
});
