import { useLayoutEffect } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import filterStyles from '../../ui/FilterBar.module.css';
import { FilterSelect, type SelectOption } from '../../ui/FilterSelect.tsx';
import { FINDER_KEYS, finderQuery, GRADUATE, roleMatches } from '../../ui/roleFilters.ts';
import { encodePath } from '../../ui/SmartLink.tsx';
import { useFormFilters } from '../../ui/useFormFilters.ts';
import { type FinderRole, finderChoices, finderOrders } from './choices.ts';
import styles from './InternshipFinder.module.css';

export interface FinderFiltersProps {
  /** The ids the section gave its form and the list it filters (the list is drawn once, by the server). */
  formId: string;
  listId: string;
  roles: FinderRole[];
  minimumStipends: number[];
}

/**
 * The internship finder's filters, its island: the list of roles below them is never hydrated, however many roles the
 * streams have. The form holds the choices, and the stylesheet filters the list from it before any script; once
 * here, this keeps the address in step, counts the matches, hides the cards that do not match, puts the list in the
 * order chosen, and makes each role's link carry the choices (its page shows which of its roles fit them).
 */
export default function FinderFilters({ formId, listId, roles, minimumStipends }: FinderFiltersProps) {
  const ui = useUi().finder;
  const { values, set, clear, active, formRef } = useFormFilters(FINDER_KEYS);
  const { fields, durations, cities, degrees, thresholds } = finderChoices(roles, minimumStipends);
  const matches = (role: FinderRole) => (!values.field || role.streamLabel === values.field) && roleMatches(role, values);
  const count = roles.filter(matches).length;
  const carried = finderQuery(values);

  // The list follows the choices: its cards shown or not, in the order chosen, each link carrying the choices.
  useLayoutEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    list.closest<HTMLElement>('[data-finder]')?.setAttribute('data-ready', 'true');
    const cards = new Map([...list.querySelectorAll<HTMLElement>(':scope > li[data-key]')].map((li) => [li.dataset['key']!, li]));
    const { byStipend, byWeeks } = finderOrders(roles);
    const ordered = values.sort === 'stipend' ? byStipend : values.sort === 'weeks' ? byWeeks : roles;
    for (const role of ordered) {
      const card = cards.get(role.key);
      if (!card) continue;
      card.hidden = !matches(role);
      const link = card.querySelector<HTMLAnchorElement>('a[href]');
      if (link) link.href = encodePath(`${role.streamPath}?role=${role.roleId}${carried ? `&${carried}` : ''}`);
      // In the page's order too, for screen readers (the stylesheet only moves the cards on screen).
      list.append(card);
    }
  });

  const select = (key: (typeof FINDER_KEYS)[number], label: string, options: SelectOption[], any = ui.any) => (
    <FilterSelect id={`${formId}-${key}`} name={key} label={label} any={any} value={values[key]} onChange={(value) => set(key, value)} options={options} />
  );

  return (
    <>
      <form
        ref={formRef}
        id={formId}
        className={`${filterStyles.bar} ${styles.filters}`}
        aria-label={ui.filtersTitle}
        onSubmit={(e) => e.preventDefault()}
        onReset={(e) => {
          // Before the script a reset button clears the form by itself; after, the choices live in the page's state.
          e.preventDefault();
          clear();
        }}
      >
        {select(
          'field',
          ui.field,
          fields.map((f) => ({ value: f, label: f })),
        )}
        {select('year', ui.year, [...ui.years.map((label, i) => ({ value: String(i + 1), label })), { value: GRADUATE, label: ui.graduated }])}
        {select(
          'degree',
          ui.degree,
          degrees.map((d) => ({ value: d, label: d })),
        )}
        {select(
          'minStipend',
          ui.stipend,
          thresholds.map((amount) => ({ value: String(amount), label: fill(ui.atLeast, { amount: formatRupees(amount) }) })),
        )}
        {select(
          'weeks',
          ui.duration,
          durations.map((w) => ({ value: String(w), label: fill(ui.weeks, { count: w }) })),
        )}
        {select(
          'city',
          ui.location,
          cities.map((c) => ({ value: c, label: c })),
        )}
        {select('mode', ui.mode, [
          { value: 'remote', label: ui.remote },
          { value: 'onsite', label: ui.onsite },
        ])}
        {select(
          'sort',
          ui.sort,
          [
            { value: 'stipend', label: ui.sortStipend },
            { value: 'weeks', label: ui.sortWeeks },
          ],
          ui.sortField,
        )}
      </form>
      <div className={filterStyles.summary}>
        <p role="status" aria-live="polite" className={styles.status}>
          {count ? fillCount(ui.results, count) : ui.none}
        </p>
        <button type="reset" form={formId} className={`button button--secondary button--small ${styles.clear}`} data-active={active}>
          {ui.clear}
        </button>
      </div>
    </>
  );
}
