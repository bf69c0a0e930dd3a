import { useLayoutEffect } from 'react';
import { useSite } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import filterStyles from '../../ui/FilterBar.module.css';
import { FilterSelect, type SelectOption } from '../../ui/FilterSelect.tsx';
import { useFormFilters } from '../../ui/useFormFilters.ts';
import styles from './CourseCatalogue.module.css';

export const CATALOGUE_KEYS = ['kind', 'category', 'price'] as const;

/** What the filters need of a course of the list: its key in the list, kind, category and price. */
export interface CatalogueItem {
  key: string;
  kind: 'short' | 'professional';
  category?: string;
  price: number;
}

export interface CatalogueFiltersProps {
  formId: string;
  /** The catalogue's list, drawn once by the server: its courses, categories and kinds are shown or hidden from here. */
  listId: string;
  items: CatalogueItem[];
  categories: { id: string; title: string }[];
  ranges: { label: string; min: number; max?: number | undefined }[];
  hasProfessional: boolean;
}

/**
 * The course catalogue's filters, its island: the courses listed below are never hydrated. Kind, category and price
 * are a form the stylesheet reads (so they work from first paint) and the address keeps; this counts what matches,
 * hides what does not, and gives each kind and category the count of its courses shown.
 */
export default function CatalogueFilters({ formId, listId, items, categories, ranges, hasProfessional }: CatalogueFiltersProps) {
  const { settings } = useSite();
  const ui = settings.ui.catalogue;
  const kinds = settings.courseKinds;
  const { values, set, clear, active, formRef } = useFormFilters(CATALOGUE_KEYS);
  const range = values.price === '' ? undefined : ranges[Number(values.price)];
  const fits = (item: CatalogueItem) =>
    (!values.kind || values.kind === item.kind) &&
    (!values.category || (item.kind === 'short' && item.category === values.category)) &&
    (!range || (item.price >= range.min && (range.max === undefined || item.price <= range.max)));
  const shown = items.filter(fits);
  const counted = [
    shown.some((i) => i.kind === 'short') ? fillCount(kinds.short.count, shown.filter((i) => i.kind === 'short').length) : '',
    shown.some((i) => i.kind === 'professional') ? fillCount(kinds.professional.count, shown.filter((i) => i.kind === 'professional').length) : '',
  ].filter(Boolean);
  const status = counted.length === 2 ? fill(ui.both, { first: counted[0]!, second: counted[1]! }) : (counted[0] ?? ui.none);

  // The list follows the choices: each course, category and kind shown or not, and counted. Only what differs is
  // touched: every change in the list makes the browser match the catalogue's rules again.
  useLayoutEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    if (list.dataset['ready'] !== 'true') list.dataset['ready'] = 'true';
    const fitting = new Set(shown.map((i) => i.key));
    for (const li of list.querySelectorAll<HTMLElement>('li[data-key]')) {
      const hidden = !fitting.has(li.dataset['key']!);
      if (li.hidden !== hidden) li.hidden = hidden;
    }
    for (const part of list.querySelectorAll<HTMLElement>('[data-part]')) {
      const here = [...part.querySelectorAll<HTMLElement>('li[data-key]')].filter((li) => !li.hidden).length;
      if (part.hidden !== (here === 0)) part.hidden = here === 0;
      const count = part.querySelector<HTMLElement>('[data-count]');
      const text = `(${active ? here : count?.dataset['count']})`;
      if (count && count.textContent !== text) count.textContent = text;
    }
  });

  const select = (key: (typeof CATALOGUE_KEYS)[number], label: string, any: string, options: SelectOption[]) => (
    <FilterSelect id={`${formId}-${key}`} name={key} label={label} any={any} value={values[key]} onChange={(value) => set(key, value)} options={options} />
  );

  return (
    <>
      <form
        ref={formRef}
        id={formId}
        className={filterStyles.bar}
        aria-label={ui.filtersTitle}
        onSubmit={(e) => e.preventDefault()}
        onReset={(e) => {
          e.preventDefault();
          clear();
        }}
      >
        {hasProfessional
          ? select('kind', ui.kind, ui.anyKind, [
              { value: 'short', label: kinds.short.heading },
              { value: 'professional', label: kinds.professional.heading },
            ])
          : null}
        {select(
          'category',
          ui.category,
          ui.allCategories,
          categories.map((c) => ({ value: c.id, label: c.title })),
        )}
        {ranges.length
          ? select(
              'price',
              ui.price,
              ui.anyPrice,
              ranges.map((r, i) => ({ value: String(i), label: r.label })),
            )
          : null}
      </form>
      <div className={filterStyles.summary}>
        <p role="status" aria-live="polite" className={styles.status}>
          {status}
        </p>
        <button type="reset" form={formId} className={`button button--secondary button--small ${styles.clear}`} data-active={active}>
          {ui.clear}
        </button>
      </div>
    </>
  );
}
