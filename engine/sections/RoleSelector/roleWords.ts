import { fill } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { InternshipRole, PageUi } from '../../types.ts';

/** The words a role's figures are named with in a title, a shared message and its button: the same on the page and in the build. */
export function roleWords(role: InternshipRole, ui: PageUi, stream: string, site: string) {
  const values = {
    role: role.title,
    stipend: formatRupees(role.details.stipend),
    weeks: role.details.durationWeeks,
    stream,
    site,
  };
  return {
    stipend: fill(ui.roleSelector.perMonth, { amount: values.stipend }),
    weeks: fill(ui.course.weeks, { count: role.details.durationWeeks }),
    title: fill(ui.roleSelector.variantTitle, values),
    shareText: fill(ui.roleSelector.shareText, values),
  };
}
