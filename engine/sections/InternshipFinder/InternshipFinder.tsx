import { useId } from 'react';
import { formatRupees } from '../../format/money.ts';
import { usePageContext, useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import type { InternshipFinderSection, InternshipRoleSummary } from '../../types.ts';
import filterStyles from '../../ui/FilterBar.module.css';
import { ClockIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFilters } from '../../ui/useFilters.ts';
import styles from './InternshipFinder.module.css';

const KEYS = ['duration', 'stipend', 'location', 'field'] as const;

/** Distinct values in first-seen order. */
function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Every internship role of the stream pages, filtered by duration, stipend,
 * location or mode, and field. The choices come from the roles themselves, so
 * a new stream page adds its field and cities here with no other change.
 */
export default function InternshipFinder({ id, title, intro, stipendRanges }: InternshipFinderSection) {
  const ui = useUi().finder;
  const perMonth = useUi().roleSelector.perMonth;
  const roles = usePageContext().derived.internshipRoles ?? [];
  const { values, set, clear, active } = useFilters(KEYS);
  const formId = useId();
  const CardHeading = useSubheadingTag();

  const durations = distinct(roles.map((r) => r.durationWeeks)).sort((a, b) => a - b);
  const cities = distinct(roles.map((r) => r.location)).sort();
  const modes = distinct(roles.map((r) => r.mode));
  const fields = distinct(roles.map((r) => r.streamLabel));
  const range = values.stipend === '' ? undefined : stipendRanges[Number(values.stipend)];

  const matches = (role: InternshipRoleSummary) =>
    (!values.duration || role.durationWeeks === Number(values.duration)) &&
    (!range || (role.stipend >= range.min && (range.max === undefined || role.stipend <= range.max))) &&
    (!values.location ||
      role.location === values.location ||
      role.mode === values.location ||
      (values.location === 'Remote' && role.mode.includes('Remote'))) &&
    (!values.field || role.streamLabel === values.field);
  const shown = roles.filter(matches);

  const select = (key: (typeof KEYS)[number], label: string, options: { value: string; label: string }[]) => (
    <div className="field">
      <label htmlFor={`${formId}-${key}`}>{label}</label>
      <select id={`${formId}-${key}`} className="input" value={values[key]} onChange={(e) => set(key, e.target.value)}>
        <option value="">{ui.any}</option>
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
      <form className={filterStyles.bar} aria-label={ui.filtersTitle} onSubmit={(e) => e.preventDefault()}>
        {select(
          'duration',
          ui.duration,
          durations.map((w) => ({ value: String(w), label: fill(ui.weeks, { count: w }) })),
        )}
        {select(
          'stipend',
          ui.stipend,
          stipendRanges.map((r, i) => ({ value: String(i), label: r.label })),
        )}
        {select('location', ui.location, [
          ...modes.filter((m) => m !== 'On-site').map((m) => ({ value: m, label: m })),
          ...cities.map((c) => ({ value: c, label: c })),
        ])}
        {select(
          'field',
          ui.field,
          fields.map((f) => ({ value: f, label: f })),
        )}
      </form>
      <div className={filterStyles.summary}>
        <p role="status" aria-live="polite">
          {shown.length ? fillCount(ui.results, shown.length) : ui.none}
        </p>
        {active ? (
          <button type="button" className="button button--secondary button--small" onClick={clear}>
            {ui.clear}
          </button>
        ) : null}
      </div>
      <ul className={styles.list}>
        {shown.map((role) => (
          <li key={`${role.streamPath}:${role.roleId}`} className={`card ${styles.card}`}>
            <img src={role.image} alt="" width={640} height={400} loading="lazy" className={styles.image} />
            <div className={styles.body}>
              <p className={styles.stream}>{role.streamLabel}</p>
              <CardHeading className={styles.title}>{role.title}</CardHeading>
              <ul className={styles.facts}>
                <li>
                  <WalletIcon width={16} height={16} />
                  {fill(perMonth, { amount: formatRupees(role.stipend) })}
                </li>
                <li>
                  <ClockIcon width={16} height={16} />
                  {fill(ui.weeks, { count: role.durationWeeks })}
                </li>
                <li>
                  <MapPinIcon width={16} height={16} />
                  {role.location} · {role.mode}
                </li>
              </ul>
              <SmartLink href={`${role.streamPath}?role=${role.roleId}`} className={`button button--small button--secondary ${styles.view}`}>
                {ui.view}
                <span className="sr-only">
                  : {role.title}, {role.streamLabel}
                </span>
              </SmartLink>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
