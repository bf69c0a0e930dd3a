import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('passwordReset', () => {
  it('prerenders the heading of the form that asks for a link, with the way back to log in', async () => {
    const use = firstUse('passwordReset');
    expect(use, 'no page uses a passwordReset section yet').toBeDefined();
    const html = await renderSection(use!.page, use!.section);
    expect(textOf(html)).toContain(use!.section.requestTitle);
    expect(html).toContain(`href="${use!.section.loginLink.href}"`);
  });
});
