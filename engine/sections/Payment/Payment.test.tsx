import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, site, textOf } from '../../../tests/support/renderSection.tsx';

describe('payment', () => {
  it('prerenders its heading and a neutral line, never a price it cannot know before the address is read', async () => {
    const use = firstUse('payment');
    expect(use, 'no page uses a payment section yet').toBeDefined();
    const text = textOf(await renderSection(use!.page, use!.section));
    expect(text).toContain(use!.section.title);
    expect(text).toContain(site.settings.ui.payments.loading);
    expect(text).not.toContain('₹');
  });
});
