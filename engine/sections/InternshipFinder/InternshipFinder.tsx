import { useId } from 'react';
import { usePageContext, useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatRupees } from '../../shared/money.ts';
import type { InternshipFinderSection, InternshipRoleSummary } from '../../types.ts';
import filterStyles from '../../ui/FilterBar.module.css';
import { ClockIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFormFilters } from '../../ui/useFormFilters.ts';
import styles from './InternshipFinder.module.css';

const KEYS = ['field', 'minStipend', 'weeks', 'city', 'mode', 'sort'] as const;

/** Distinct values in first-seen order. */
function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Work modes as a student asks for them: from home (Remote, Remote/On-site) or at the office (On-site, Remote/On-site). */
function modeTokens(mode: string): string {
  return [mode.includes('Remote') ? 'remote' : '', mode.includes('On-site') ? 'onsite' : ''].filter(Boolean).join(' ');
}

/**
 * Every internship role of the stream pages, each with its stipend, weeks and
 * place, filtered by field, minimum stipend, weeks, city and work mode, and
 * sorted by stipend or duration. The choices come from the roles, so a new
 * stream page adds its field and cities here with no other change.
 *
 * Each card carries the positions of its field, city and weeks among the
 * choices (data-field="3"), so the stylesheet can filter from the form's own
 * state before any script; the script then keeps the address in step, counts
 * the matches and puts the list in the sorted order.
 */
export default function InternshipFinder({ id, title, intro, minimumStipends }: InternshipFinderSection) {
  const allUi = useUi();
  const ui = allUi.finder;
  const roles = usePageContext().derived.internshipRoles ?? [];
  const { values, set, clear, active, formRef } = useFormFilters(KEYS);
  const hydrated = useHydrated();
  const formId = useId();
  const CardHeading = useSubheadingTag();

  const fields = distinct(roles.map((r) => r.streamLabel));
  const durations = distinct(roles.map((r) => r.durationWeeks)).sort((a, b) => a - b);
  const cities = distinct(roles.map((r) => r.location)).sort();
  const thresholds = [...minimumStipends].sort((a, b) => a - b);

  const matches = (role: InternshipRoleSummary) =>
    (!values.field || role.streamLabel === values.field) &&
    (!values.minStipend || role.stipend >= Number(values.minStipend)) &&
    (!values.weeks || role.durationWeeks === Number(values.weeks)) &&
    (!values.city || role.location === values.city) &&
    (!values.mode || modeTokens(role.mode).split(' ').includes(values.mode));
  const byStipend = [...roles].sort((a, b) => b.stipend - a.stipend || a.durationWeeks - b.durationWeeks);
  const byWeeks = [...roles].sort((a, b) => a.durationWeeks - b.durationWeeks || b.stipend - a.stipend);
  const ordered = values.sort === 'stipend' ? byStipend : values.sort === 'weeks' ? byWeeks : roles;
  const count = roles.filter(matches).length;

  const select = (key: (typeof KEYS)[number], label: string, options: { value: string; label: string }[], any = ui.any) => (
    <div className="field">
      <label htmlFor={`${formId}-${key}`}>{label}</label>
      <select id={`${formId}-${key}`} name={key} className="input" value={values[key]} onChange={(e) => set(key, e.target.value)}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
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
        <ul className={styles.list}>
          {ordered.map((role) => (
            <li
              key={`${role.streamPath}:${role.roleId}`}
              className={`card ${styles.card}`}
              hidden={!matches(role)}
              data-field={fields.indexOf(role.streamLabel)}
              data-weeks={durations.indexOf(role.durationWeeks)}
              data-city={cities.indexOf(role.location)}
              data-mode={modeTokens(role.mode)}
              data-meets={thresholds.flatMap((amount, i) => (role.stipend >= amount ? [i] : [])).join(' ')}
              style={{ '--by-stipend': byStipend.indexOf(role), '--by-weeks': byWeeks.indexOf(role) } as React.CSSProperties}
            >
              <p className={styles.stream}>{role.streamLabel}</p>
              <CardHeading className={styles.title}>
                <SmartLink href={`${role.streamPath}?role=${role.roleId}`} className={styles.link}>
                  {role.title}
                  <span className="sr-only">, {role.streamLabel}</span>
                </SmartLink>
              </CardHeading>
              <p className={styles.stipend} data-fact="stipend">
                <WalletIcon width={18} height={18} />
                {fill(allUi.roleSelector.perMonth, { amount: formatRupees(role.stipend) })}
              </p>
              <p className={styles.facts}>
                <ClockIcon width={16} height={16} />
                <span data-fact="duration">{fill(ui.weeks, { count: role.durationWeeks })}</span>
                <MapPinIcon width={16} height={16} />
                <span data-fact="location">
                  {role.location} · {role.mode}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </SectionShell>
  );
}
