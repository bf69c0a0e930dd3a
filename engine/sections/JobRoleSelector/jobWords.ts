import { fill } from '../../runtime/text.ts';
import type { JobRole, PageUi } from '../../types.ts';

/** The words a job role's figures are named with in a title, a shared message and its button: the same on the page and in the build. */
export function jobWords(role: JobRole, ui: PageUi, category: string, site: string) {
  const salary = fill(ui.jobs.lpa, { ...role.details.salaryLpa });
  const experience = fill(ui.jobs.years, { ...role.details.experienceYears });
  const values = { role: role.title, salary, experience, category, site };
  return {
    salary,
    experience,
    title: fill(ui.jobs.variantTitle, values),
    shareText: fill(ui.jobs.shareText, values),
  };
}
