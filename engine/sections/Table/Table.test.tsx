import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('table', () => {
  it('groups rupee columns the Indian way', async () => {
    const { page, section } = firstUse('table')!;
    expect(textOf(await renderSection(page, section))).toContain('₹2,250');
  });
});
