import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('notice', () => {
  it('shows its heading, text and points as a note', async () => {
    const use = firstUse('notice');
    expect(use, 'no page uses a notice section yet').toBeDefined();
    const html = await renderSection(use!.page, use!.section);
    expect(html).toContain('role="note"');
    const text = textOf(html);
    expect(text).toContain(use!.section.title);
    expect(text).toContain(use!.section.text);
    for (const point of use!.section.points ?? []) expect(text).toContain(point);
  });
});
