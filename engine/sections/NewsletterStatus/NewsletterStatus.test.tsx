import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('newsletterStatus', () => {
  it('prerenders its plain heading: which link it was opened from is known only in the browser', async () => {
    const use = firstUse('newsletterStatus');
    expect(use, 'no page uses a newsletterStatus section yet').toBeDefined();
    const text = textOf(await renderSection(use!.page, use!.section));
    expect(text).toContain(use!.section.title);
    expect(text).not.toContain(use!.section.confirmTitle);
  });
});
