import { describe, expect, it } from 'vitest';
import { firstUse, model, renderSection, site, textOf } from '../../../tests/support/renderSection.tsx';
import { answerProblems, eligibilityVerdict, withEarlierAnswers } from './answers.ts';

describe('applicationForm', () => {
  it('prerenders its heading and a loading line: what is applied for comes from the address, once the page is live', async () => {
    const use = firstUse('applicationForm');
    expect(use, 'no page uses an applicationForm section yet').toBeDefined();
    const html = textOf(await renderSection(use!.page, use!.section, `${use!.page.path}?internship=law/criminalLaw`));
    expect(html).toContain(use!.section.title);
    expect(html).toContain(model.site.ui.applications.form.loading);
    expect(site.landmarks.apply).toBe(use!.page.path);
  });
});
