import { useLayoutEffect, useState } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import filterStyles from '../../ui/FilterBar.module.css';
import { FilterSelect, type SelectOption } from '../../ui/FilterSelect.tsx';
import { FINDER_KEYS, type FinderKey, finderQuery, GRADUATE } from '../../ui/roleFilters.ts';
import { useFormFilters } from '../../ui/useFormFilters.ts';
import type { FinderChoices } from './choices.ts';
import styles from './InternshipFinder.module.css';

export interface FinderFiltersProps {
  /** The ids the section gave its form and the list it filters (the list is drawn once, by the server). */
  formId: string;
  listId: string;
  /** The choices of each filter, from the roles (the cards carry their positions among them). */
  choices: FinderChoices;
}

type Values = Record<FinderKey, string>;

/**
 * Whether a card of the list fits the choices, read from what the card carries for the stylesheet (data-field="3",
 * data-years="2 3 4 g", …): the same facts the stylesheet filters by before any script, so the two always agree, and
 * the page carries no second copy of every role for its filters.
 */
function fits(card: HTMLElement, values: Values, choices: FinderChoices): boolean {
  const has = (name: string, token: string) => (card.getAttribute(`data-${name}`) ?? '').split(' ').includes(token);
  const at = (list: readonly (string | number)[], value: string) => String(list.findIndex((item) => String(item) === value));
  return (
    (!values.field || has('field', at(choices.fields, values.field))) &&
    (!values.year || has('years', values.year === GRADUATE ? 'g' : values.year)) &&
    (!values.degree || has('degrees', 'any') || has('degrees', at(choices.degrees, values.degree))) &&
    (!values.minStipend || has('meets', at(choices.thresholds, values.minStipend))) &&
    (!values.weeks || has('weeks', at(choices.durations, values.weeks))) &&
    (!values.city || has('city', at(choices.cities, values.city))) &&
    (!values.mode || has('mode', values.mode))
  );
}

/** The card's place in an order the list can be sorted in (the stylesheet's --by-stipend and --by-weeks), or in the page's. */
function placeIn(card: HTMLElement, sort: string): number {
  const value =
    sort === 'stipend' ? card.style.getPropertyValue('--by-stipend') : sort === 'weeks' ? card.style.getPropertyValue('--by-weeks') : card.dataset['place'];
  return Number(value) || 0;
}

/**
 * The internship finder's filters, its island: the list of roles below them is never hydrated, however many roles the
 * streams have. The form holds the choices, and the stylesheet filters the list from it before any script; once
 * here, this keeps the address in step, counts the matches, hides the cards that do not match, puts the list in the
 * order chosen, and makes each role's link carry the choices (its page shows which of its roles fit them).
 */
export default function FinderFilters({ formId, listId, choices }: FinderFiltersProps) {
  const ui = useUi().finder;
  const { values, set, clear, active, formRef } = useFormFilters(FINDER_KEYS);
  const { fields, durations, cities, degrees, thresholds } = choices;
  const [count, setCount] = useState<number | undefined>(undefined);
  const carried = finderQuery(values);

  // The list follows the choices: its cards shown or not, in the order chosen, each link carrying the choices. Only what
  // differs is touched: the list is large, and every change in it makes the browser match the finder's rules again.
  useLayoutEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    const finder = list.closest<HTMLElement>('[data-finder]');
    if (finder && finder.dataset['ready'] !== 'true') finder.dataset['ready'] = 'true';
    const cards = [...list.querySelectorAll<HTMLElement>(':scope > li[data-key]')];
    const ordered = [...cards].sort((a, b) => placeIn(a, values.sort) - placeIn(b, values.sort));
    let shown = 0;
    for (const card of ordered) {
      const hidden = !fits(card, values, choices);
      if (!hidden) shown++;
      if (card.hidden !== hidden) card.hidden = hidden;
      const link = card.querySelector<HTMLAnchorElement>('a[href]');
      const base = link?.getAttribute('href')?.split('&')[0];
      const href = carried ? `${base}&${carried}` : base;
      if (link && href && link.getAttribute('href') !== href) link.setAttribute('href', href);
    }
    setCount(shown);
    // In the page's order too, for screen readers (the stylesheet only moves the cards on screen); moved only when it differs.
    if (ordered.some((card, i) => list.children[i] !== card)) list.append(...ordered);
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
          {count === undefined ? fillCount(ui.results, choices.roles) : count ? fillCount(ui.results, count) : ui.none}
        </p>
        <button type="reset" form={formId} className={`button button--secondary button--small ${styles.clear}`} data-active={active}>
          {ui.clear}
        </button>
      </div>
    </>
  );
}
