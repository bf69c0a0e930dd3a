import { describe, expect, it } from 'vitest';
import { firstUse, model } from '../../../tests/support/renderSection.tsx';
import { definitionOf } from '../../content/definitionOf.ts';

/** Issue 37: a job role open to those with no experience is found by the words freshers type (site.search.noExperience). */
describe("a job role's search record", () => {
  const noExperience = (model.site.search.noExperience ?? '').split(',')[0]!.trim();

  it('gives a job role the words freshers type when it asks from 0 years, and not when it asks 1 or more', () => {
    expect(noExperience, 'site.search.noExperience names words').not.toBe('');
    const use = firstUse('jobRoleSelector')!;
    const section = structuredClone(use.section);
    section.roles[0]!.details.experienceYears.min = 0;
    const built = definitionOf(section)!.searchRecords!(section, use.page, { model, pageAt: () => undefined });
    const roleRecords = built.filter((r) => r.kind === 'jobRole');
    expect(roleRecords[0]!.text).toContain(noExperience);
    for (const record of roleRecords.slice(1)) expect(record.text).not.toContain(noExperience);
  });
});
