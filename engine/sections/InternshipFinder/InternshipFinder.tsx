import { useId } from 'react';
import { usePageContext, useUi } from '../../runtime/contexts.tsx';
import { Island } from '../../runtime/islands.tsx';
import { fill } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { InternshipFinderSection, InternshipRoleSummary } from '../../types.ts';
import icons from '../../ui/FactIcons.module.css';
import { COMPARE_PARAM, modeTokens, roleKey } from '../../ui/roleFilters.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import CompareBar from './CompareBar.tsx';
import { finderChoices, finderOrders } from './choices.ts';
import FinderFilters from './FinderFilters.tsx';
import styles from './InternshipFinder.module.css';

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
 * own state before any script. Only the filters (FinderFilters) and the way to
 * the comparison (CompareBar) are islands: the list is drawn once, by the
 * server, and costs no hydration however many roles the streams have; the
 * filters show, hide and order its cards, and make each role's link carry the
 * choices, so its page can show which of its stream's roles fit them. Two or
 * three roles can be ticked and compared side by side (a plain GET form, so
 * that works before the script too).
 */
export default function InternshipFinder({ id, title, intro, minimumStipends }: InternshipFinderSection) {
  const allUi = useUi();
  const ui = allUi.finder;
  const derived = usePageContext().derived;
  const roles = derived.internshipRoles ?? [];
  const comparePath = derived.comparePath;
  const baseId = useId();
  // The Layout's skip link to the filters leads here (#find-filters).
  const formId = id ? `${id}-filters` : `${baseId}-form`;
  const listId = `${baseId}-list`;
  const compareForm = `${baseId}-compare`;
  const CardHeading = useSubheadingTag();
  const choices = finderChoices(roles, minimumStipends);
  const { fields, durations, cities, degrees, thresholds } = choices;
  const { byStipend, byWeeks } = finderOrders(roles);

  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <div className={styles.finder} data-finder="" data-ready="false">
        <Island name="FinderFilters" component={FinderFilters} props={{ formId, listId, choices }} />
        <p className={styles.modeNote}>
          <strong>{ui.modeNoteTitle}</strong> {ui.modeNote}
        </p>
        <ul id={listId} className={styles.list}>
          {roles.map((role, place) => {
            const key = roleKey(role);
            return (
              <li
                key={key}
                className={`card ${styles.card}`}
                data-key={key}
                data-place={place}
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
                  <SmartLink href={`${role.streamPath}?role=${role.roleId}`} className={styles.link} prefetch>
                    {role.title}
                    <span className="sr-only">, {role.streamLabel}</span>
                  </SmartLink>
                </CardHeading>
                <p className={`${styles.stipend} ${icons.icon} ${icons.large} ${icons.wallet}`} data-fact="stipend">
                  {fill(allUi.roleSelector.perMonth, { amount: formatRupees(role.stipend) })}
                </p>
                <p className={styles.facts}>
                  <span className={`${styles.fact} ${icons.icon} ${icons.clock}`} data-fact="duration">
                    {fill(ui.weeks, { count: role.durationWeeks })}
                  </span>
                  <span className={`${styles.fact} ${icons.icon} ${icons.pin}`} data-fact="location">
                    {role.location} · {role.mode}
                  </span>
                </p>
                <p className={`${styles.who} ${icons.icon} ${icons.grad}`} data-fact="eligibility">
                  <span>
                    <span className="sr-only">{ui.whoCanApply}: </span>
                    {role.eligibility}
                  </span>
                </p>
                {comparePath ? (
                  <label className={styles.tick}>
                    <input type="checkbox" name={COMPARE_PARAM} value={key} form={compareForm} />
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
        {comparePath ? <Island name="CompareBar" component={CompareBar} props={{ formId: compareForm, listId, comparePath }} /> : null}
      </div>
    </SectionShell>
  );
}
