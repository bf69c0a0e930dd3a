import { describe, expect, it } from 'vitest';
import { registry } from '../../engine/generated/sectionRegistry.ts';
import type { SectionType } from '../../engine/types.ts';
import { firstUse, renderSection, textOf } from '../support/renderSection.tsx';

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
