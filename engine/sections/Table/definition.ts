import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('table', {
  rules(section, check) {
    if (!Array.isArray(section.rows) || !Array.isArray(section.columns)) return;
    section.rows.forEach((row, r) => {
      if (Array.isArray(row) && row.length !== section.columns.length)
        check.report(`/rows/${r}`, 'ROW_LENGTH', { row: r + 1, values: row.length, columns: section.columns.map((c) => c.label) });
    });
  },
});
