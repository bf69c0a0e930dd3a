import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageContext, useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatRupees } from '../../shared/money.ts';
import type { InternshipFinderSection, InternshipRoleSummary } from '../../types.ts';
import filterStyles from '../../ui/FilterBar.module.css';
import { FilterSelect, type SelectOption } from '../../ui/FilterSelect.tsx';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { COMPARE_MOST, COMPARE_PARAM, FINDER_KEYS, finderQuery, GRADUATE, modeTokens, roleKey, roleMatches } from '../../ui/roleFilters.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { encodePath, SmartLink } from '../../ui/SmartLink.tsx';
import { useFormFilters } from '../../ui/useFormFilters.ts';
import styles from './InternshipFinder.module.css';

/** Distinct values in first-seen order. */
function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The years of study a role is open to, and g when graduates may apply: what the stylesheet matches the year filter with. */
function yearTokens(role: InternshipRoleSummary, years: number): string {
  const open = Array.from({ length: years }, (_, i) => i + 1).filter((year) => year >= role.whoCanApply.fromYear);
  return [...open, ...(role.whoCanApply.graduates ? ['g'] : [])].join(' ');
}

/**
 * Every internship role of the stream pages, each with its stipend, weeks,
 * place, work mode and who can apply, filtered by field, year of study,
 * degree, minimum stipend, weeks, city and work mode, and sorted by stipend or
 * duration. The choices come from the roles, so a new stream page adds its
 * field, degrees and cities here with no other change.
 *
 * Each card carries the positions of its field, city, weeks and degrees among
 * the choices (data-field="3"), so the stylesheet can filter from the form's
 * own state before any script; the script then keeps the address in step,
 * counts the matches and puts the list in the sorted order. A role's link
 * carries the choices, so its page can show which of its stream's roles fit
 * them and lead back to this list. Two or three roles can be ticked and
 * compared side by side (a plain GET form, so that works before the script too).
 */
export default function InternshipFinder({ id, title, intro, minimumStipends }: InternshipFinderSection) {
  const allUi = useUi();
  const ui = allUi.finder;
  const derived = usePageContext().derived;
  const roles = derived.internshipRoles ?? [];
  const comparePath = derived.comparePath;
  const { values, set, clear, active, formRef } = useFormFilters(FINDER_KEYS);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formId = useId();
  const CardHeading = useSubheadingTag();

  const fields = distinct(roles.map((r) => r.streamLabel));
  const durations = distinct(roles.map((r) => r.durationWeeks)).sort((a, b) => a - b);
  const cities = distinct(roles.map((r) => r.location)).sort();
  const degrees = distinct(roles.flatMap((r) => r.whoCanApply.degrees)).sort((a, b) => a.localeCompare(b, 'en'));
  const thresholds = [...minimumStipends].sort((a, b) => a - b);

  const matches = (role: InternshipRoleSummary) => (!values.field || role.streamLabel === values.field) && roleMatches(role, values);
  const byStipend = [...roles].sort((a, b) => b.stipend - a.stipend || a.durationWeeks - b.durationWeeks);
  const byWeeks = [...roles].sort((a, b) => a.durationWeeks - b.durationWeeks || b.stipend - a.stipend);
  const ordered = values.sort === 'stipend' ? byStipend : values.sort === 'weeks' ? byWeeks : roles;
  const count = roles.filter(matches).length;
  // The role's page shows which of its stream's roles fit the choices, and leads back here with them.
  const carried = finderQuery(values);

  // Roles ticked for the comparison, kept in the address (Back returns to them ticked).
  const chosen = hydrated ? params.getAll(COMPARE_PARAM).slice(0, COMPARE_MOST) : [];
  const toggle = (key: string, on: boolean) => {
    const next = new URLSearchParams(window.location.search);
    const keys = next.getAll(COMPARE_PARAM).filter((k) => k !== key);
    if (on) keys.push(key);
    next.delete(COMPARE_PARAM);
    for (const k of keys.slice(0, COMPARE_MOST)) next.append(COMPARE_PARAM, k);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  // The boxes are the browser's own (a box ticked before the script came stays ticked, and joins the address); the
  // script sets them from the address after that.
  const listRef = useRef<HTMLUListElement>(null);
  const boxesRead = useRef(false);
  const chosenKey = chosen.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice in the address changes; the first run also reads the boxes
  useEffect(() => {
    const boxes = [...(listRef.current?.querySelectorAll<HTMLInputElement>(`input[name="${COMPARE_PARAM}"]`) ?? [])];
    if (!boxesRead.current) {
      boxesRead.current = true;
      const ticked = boxes.filter((b) => b.checked).map((b) => b.value);
      if (ticked.length && !chosen.length) {
        const next = new URLSearchParams(window.location.search);
        for (const k of ticked.slice(0, COMPARE_MOST)) next.append(COMPARE_PARAM, k);
        setParams(next, { preventScrollReset: true, replace: true });
        return;
      }
    }
    for (const box of boxes) box.checked = chosen.includes(box.value);
  }, [chosenKey]);
  const compareForm = `${formId}-compare`;
  const compare = (event: FormEvent<HTMLFormElement>) => {
    if (!comparePath) return;
    event.preventDefault();
    const query = new URLSearchParams(chosen.map((k) => [COMPARE_PARAM, k]));
    navigate(`${encodePath(comparePath)}?${query}`);
  };

  const select = (key: (typeof FINDER_KEYS)[number], label: string, options: SelectOption[], any = ui.any) => (
    <FilterSelect id={`${formId}-${key}`} name={key} label={label} any={any} value={values[key]} onChange={(value) => set(key, value)} options={options} />
  );

  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <div className={styles.finder} data-ready={hydrated}>
        <form
          ref={formRef}
          id={`${formId}-form`}
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
          <button type="reset" form={`${formId}-form`} className={`button button--secondary button--small ${styles.clear}`} data-active={active}>
            {ui.clear}
          </button>
        </div>
        <p className={styles.modeNote}>
          <strong>{ui.modeNoteTitle}</strong> {ui.modeNote}
        </p>
        <ul ref={listRef} className={styles.list}>
          {ordered.map((role) => {
            const key = roleKey(role);
            const ticked = chosen.includes(key);
            return (
              <li
                key={key}
                className={`card ${styles.card}`}
                hidden={!matches(role)}
                data-field={fields.indexOf(role.streamLabel)}
                data-weeks={durations.indexOf(role.durationWeeks)}
                data-city={cities.indexOf(role.location)}
                data-mode={modeTokens(role.mode)}
                data-years={yearTokens(role, ui.years.length)}
                data-degrees={role.whoCanApply.anyDegree ? 'any' : role.whoCanApply.degrees.map((d) => degrees.indexOf(d)).join(' ')}
                data-meets={thresholds.flatMap((amount, i) => (role.stipend >= amount ? [i] : [])).join(' ')}
                style={{ '--by-stipend': byStipend.indexOf(role), '--by-weeks': byWeeks.indexOf(role) } as React.CSSProperties}
              >
                <p className={styles.stream}>{role.streamLabel}</p>
                <CardHeading className={styles.title}>
                  <SmartLink href={`${role.streamPath}?role=${role.roleId}${carried ? `&${carried}` : ''}`} className={styles.link} prefetch>
                    {role.title}
                    <span className="sr-only">, {role.streamLabel}</span>
                  </SmartLink>
                </CardHeading>
                <p className={styles.stipend} data-fact="stipend">
                  <WalletIcon width={18} height={18} />
                  {fill(allUi.roleSelector.perMonth, { amount: formatRupees(role.stipend) })}
                </p>
                <p className={styles.facts}>
                  <span className={styles.fact}>
                    <ClockIcon width={16} height={16} />
                    <span data-fact="duration">{fill(ui.weeks, { count: role.durationWeeks })}</span>
                  </span>
                  <span className={styles.fact}>
                    <MapPinIcon width={16} height={16} />
                    <span data-fact="location">
                      {role.location} · {role.mode}
                    </span>
                  </span>
                </p>
                <p className={styles.who} data-fact="eligibility">
                  <GradIcon width={16} height={16} />
                  <span>
                    <span className="sr-only">{ui.whoCanApply}: </span>
                    {role.eligibility}
                  </span>
                </p>
                {comparePath ? (
                  <label className={styles.tick}>
                    <input
                      type="checkbox"
                      name={COMPARE_PARAM}
                      value={key}
                      form={compareForm}
                      disabled={hydrated && !ticked && chosen.length >= COMPARE_MOST}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                    {allUi.compare.choose}
                    <span className="sr-only">
                      {' '}
                      {role.title}, {role.streamLabel}
                    </span>
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
        {comparePath ? (
          <form id={compareForm} action={encodePath(comparePath)} method="get" onSubmit={compare} className={styles.compareBar} data-chosen={chosen.length}>
            <p className={styles.compareCount} aria-live="polite">
              {fillCount(allUi.compare.chosen, chosen.length, { most: COMPARE_MOST })}
            </p>
            <button type="submit" className="button button--small" disabled={hydrated && chosen.length < 2}>
              {allUi.compare.go}
            </button>
          </form>
        ) : null}
      </div>
    </SectionShell>
  );
}
