import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('account', () => {
  it("prerenders its heading and a loading line, and nothing of anyone's account", async () => {
    const use = firstUse('account');
    expect(use, 'no page uses an account section yet').toBeDefined();
    const html = textOf(await renderSection(use!.page, use!.section));
    expect(html).toContain(use!.section.title);
    expect(html).toContain('Loading your account…');
    expect(html).not.toContain('@');
  });
});
