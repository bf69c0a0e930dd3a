import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('account', {
  // The words of her applications (statuses, what happens next, reasons) travel with the account page only.
  derive: (_section, _page, _index, { model }) => ({ words: { applications: model.site.ui.applications } }),
});
