import { describe, expect, it } from 'vitest';
import { renderSection, resolvedPages, textOf } from '../../../tests/support/renderSection.tsx';

describe('prose', () => {
  it('numbers its parts and gives a table of contents', async () => {
    const page = resolvedPages.find((p) => p.path === '/terms')!;
    const section = page.sections.find((s) => s.type === 'prose')!;
    const html = textOf(await renderSection(page, section as never));
    expect(html).toContain('14.');
    expect(html).toContain('Contents');
  });
});
