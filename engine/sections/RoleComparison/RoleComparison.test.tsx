import { describe, expect, it } from 'vitest';
import { firstUse, renderSection, textOf } from '../../../tests/support/renderSection.tsx';

describe('roleComparison', () => {
  it('is served with its heading, its intro and the choosers of every role, grouped by stream', async () => {
    const use = firstUse('roleComparison');
    expect(use, 'no page uses a roleComparison section yet').toBeDefined();
    const { page, section } = use!;
    const html = await renderSection(page, section, `${page.path}?roles=law.corporateLaw&roles=pharmacy.clinicalPharmacy`);
    const text = textOf(html);
    expect(text).toContain(section.title);
    expect(text).toContain(section.intro);
    // Before the script the address is not read: the same page serves every comparison.
    expect(html).not.toContain('<table');
    const roles = page.derived.internshipRoles ?? [];
    expect(roles.length).toBeGreaterThan(60);
    expect(html.match(/<select/g)).toHaveLength(3);
    expect(html).toContain('<optgroup label="Law">');
    expect(html).toContain('value="law.corporateLaw"');
    expect(html).toContain('value="be-btech-mtech.dataScience"');
    // Each role carries what the comparison shows.
    for (const role of roles) expect(role.skills?.length, role.title).toBeGreaterThan(0);
  });
});
