import { describe, expect, it } from 'vitest';
import { firstUse, renderSection } from '../../../tests/support/renderSection.tsx';

describe('roleSelector', () => {
  it('shows the default role before any choice', async () => {
    const { page, section } = firstUse('roleSelector')!;
    const html = await renderSection(page, section);
    expect(html).toMatch(new RegExp(`value="${section.defaultRole}"[^>]*checked|checked=""[^>]*value="${section.defaultRole}"`));
  });
});
