import { formatIndianNumber, formatRupees } from '../../shared/money.ts';
import type { TableColumn, TableSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import styles from './Table.module.css';

function cell(value: string | number | undefined, column: TableColumn): string {
  if (value === undefined) return '';
  if (typeof value === 'number' && column.format === 'rupees') return formatRupees(value);
  if (typeof value === 'number' && column.format === 'number') return formatIndianNumber(value);
  return String(value);
}

export default function Table({ id, title, intro, columns, rows }: TableSection) {
  return (
    <SectionShell id={id} title={title} intro={intro}>
      {/* A table wider than a phone scrolls in its own box, which keyboard users must be able to reach (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable, labelled scroll region; a section would add a landmark per table */}
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable, labelled scroll region; a section would add a landmark per table */}
      <div className={styles.wrap} tabIndex={0} role="region" aria-label={title}>
        <table className={styles.table}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" data-format={column.format ?? 'text'}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={JSON.stringify(row)}>
                {columns.map((column, c) =>
                  c === 0 ? (
                    <th key={column.label} scope="row" data-format={column.format ?? 'text'}>
                      {cell(row[c], column)}
                    </th>
                  ) : (
                    <td key={column.label} data-format={column.format ?? 'text'}>
                      {cell(row[c], column)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionShell>
  );
}
