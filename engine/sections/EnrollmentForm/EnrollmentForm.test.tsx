import { describe, expect, it } from 'vitest';
import { renderSection, resolvedPages, textOf } from '../../../tests/support/renderSection.tsx';

describe('enrollmentForm', () => {
  it('on a page about one course, shows it without waiting for navigation state', async () => {
    const page = resolvedPages.find((p) => p.path === '/enroll/revit')!;
    const html = textOf(await renderSection(page, page.sections[0] as never));
    expect(html).toContain('Revit');
    expect(html).toContain('₹899');
  });
});
