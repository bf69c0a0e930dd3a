import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('emailConfirmation', () => {
  it('prerenders its heading and no button: the token is known only in the browser', async () => {
    const use = firstUse('emailConfirmation');
    expect(use, 'no page uses an emailConfirmation section yet').toBeDefined();
    const html = await renderSection(use!.page, use!.section);
    expect(textOf(html)).toContain(use!.section.title);
    expect(html).not.toContain('<button');
  });
});
