import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/runtime/sectionRegistry.ts';
import type { SectionType } from '../../engine/types.ts';
import { firstUse, renderSection, resolvedPages, textOf } from '../support/renderSection.tsx';

const types = Object.keys(registry) as SectionType[];

describe('every section type', () => {
  it.each(types)('%s is used on at least one page and renders its content', async (type) => {
    const use = firstUse(type);
    expect(use, `no page uses the "${type}" section`).toBeDefined();
    const html = await renderSection(use!.page, use!.section);
    expect(html.length).toBeGreaterThan(50);
    const title = (use!.section as { title?: string }).title;
    if (title) expect(textOf(html)).toContain(title);
  });
});

describe('section details', () => {
  it('courseDetail: the page may override any field of the built-in course with courseDetails', async () => {
    const page = resolvedPages.find((p) => p.path === '/courses/WebDevelopment')!;
    const section = page.sections[0] as Extract<(typeof page.sections)[number], { type: 'courseDetail' }>;
    const html = textOf(await renderSection(page, { ...section, courseDetails: { title: 'Web Development Bootcamp', newPrice: 12000, syllabus: ['Only module'] } }));
    expect(html).toContain('Web Development Bootcamp');
    expect(html).toContain('₹12,000');
    expect(html).toContain('40% OFF');
    expect(html).toContain('Only module');
    expect(html).not.toContain('HTML5 and semantic markup');
  });

  it('courseDetail: Python lists its modules without expandable details, and shows no highlights', async () => {
    const page = resolvedPages.find((p) => p.path === '/courses/PythonProgramming')!;
    const html = await renderSection(page, page.sections[0] as never);
    expect(html).not.toContain('aria-expanded');
    expect(textOf(html)).not.toContain('Course Highlights');
  });

  it('courseDetail: Electric Vehicle testimonials have no stars; Cyber Security modules open to a one-line blurb only', async () => {
    const ev = resolvedPages.find((p) => p.path === '/courses/ElectricVehicle')!;
    expect(await renderSection(ev, ev.sections[0] as never)).not.toContain('out of 5');
    const cyber = resolvedPages.find((p) => p.path === '/courses/CyberSecurity')!;
    const html = await renderSection(cyber, cyber.sections[0] as never);
    expect(html).toContain('aria-expanded="false"');
    expect(textOf(html)).not.toContain('Video Lectures');
  });

  it('roleSelector: the default role is the one shown before any choice', async () => {
    const { page, section } = firstUse('roleSelector')!;
    const html = await renderSection(page, section);
    expect(html).toMatch(new RegExp(`value="${section.defaultRole}"[^>]*checked|checked=""[^>]*value="${section.defaultRole}"`));
  });

  it('enrollmentForm: a page about one course shows it without waiting for navigation state', async () => {
    const page = resolvedPages.find((p) => p.path === '/enroll/revit')!;
    const html = textOf(await renderSection(page, page.sections[0] as never));
    expect(html).toContain('Revit');
    expect(html).toContain('₹899');
  });

  it('table: rupee columns use Indian grouping', async () => {
    const { page, section } = firstUse('table')!;
    expect(textOf(await renderSection(page, section))).toContain('₹2,250');
  });

  it('prose: numbered parts with a table of contents', async () => {
    const page = resolvedPages.find((p) => p.path === '/terms')!;
    const section = page.sections.find((s) => s.type === 'prose')!;
    const html = textOf(await renderSection(page, section as never));
    expect(html).toContain('14.');
    expect(html).toContain('Contents');
  });
});
