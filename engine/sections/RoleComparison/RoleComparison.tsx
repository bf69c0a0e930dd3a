import { useId } from 'react';
import { usePageContext, useSite } from '../../runtime/contexts.tsx';
import { useSearchParams } from '../../runtime/location.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatRupees } from '../../shared/money.ts';
import type { InternshipRoleSummary, PageUi, RoleComparisonSection } from '../../types.ts';
import { useApplyTarget } from '../../ui/applyTarget.ts';
import { FilterSelect, type SelectGroup } from '../../ui/FilterSelect.tsx';
import { COMPARE_MOST, COMPARE_PARAM, modeLabel, roleKey } from '../../ui/roleFilters.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { ShareLinks } from '../../ui/ShareLinks.tsx';
import { encodePath, SmartLink } from '../../ui/SmartLink.tsx';
import styles from './RoleComparison.module.css';

/** The role keys an address names, in order, each once: repeated ?roles= (a plain form sends them so) or one list with commas. */
function keysIn(params: URLSearchParams): string[] {
  const keys = params
    .getAll(COMPARE_PARAM)
    .flatMap((v) => v.split(','))
    .map((k) => k.trim())
    .filter(Boolean);
  return [...new Set(keys)];
}

/** Text that may break after each slash (₹6,000/month, BE/BTech/MTech) in a narrow column, and nowhere else inside a word. */
function slashBreaks(text: string) {
  const parts = text.split('/');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed text, in order
    <span key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </span>
  ));
}

/** Names in a sentence: "A", "A and B", "A, B and C". */
function inWords(ui: PageUi, names: string[]): string {
  if (names.length < 2) return names[0] ?? '';
  return fill(ui.compare.both, { first: names.slice(0, -1).join(', '), last: names.at(-1)! });
}

/** A compared role's Apply: where its stream page's Apply goes, with the same words. */
function ApplyLink({ role }: { role: InternshipRoleSummary }) {
  const apply = role.apply;
  const target = useApplyTarget(apply ?? {}, { kind: 'internship', id: apply?.id ?? '' }, { stream: role.streamLabel, role: role.title });
  if (!apply || !target) return null;
  return (
    <SmartLink href={target.href} newTab={target.newTab} className="button button--small">
      {apply.label}
      <span className="sr-only">: {role.title}</span>
    </SmartLink>
  );
}

/**
 * Two or three internship roles side by side, named in the address so the
 * comparison can be shared: a table whose columns are the roles and whose
 * row groups are the facts (stipend, weeks, who can apply, work mode,
 * skills), each fact's name on a row of its own above its values, so three
 * columns fit a phone's width without sideways scrolling. Under it, a form
 * chooses or changes the roles (a GET form: it works before the script).
 */
export default function RoleComparison({ id, title, intro }: RoleComparisonSection) {
  const site = useSite();
  const ui = site.settings.ui;
  const page = usePageContext();
  const roles = page.derived.internshipRoles ?? [];
  const finder = page.derived.finder;
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const formId = useId();
  const tableId = useId();
  const Sub = useSubheadingTag();

  // The served page is the same for every comparison: the roles come from the address once the script is in.
  const keys = hydrated ? keysIn(params) : [];
  const byKey = new Map(roles.map((r) => [roleKey(r), r]));
  const chosen = keys
    .map((k) => byKey.get(k))
    .filter((r): r is InternshipRoleSummary => Boolean(r))
    .slice(0, COMPARE_MOST);
  const unknown = keys.some((k) => !byKey.has(k));

  const setRoles = (next: string[]) => {
    const search = new URLSearchParams(window.location.search);
    search.delete(COMPARE_PARAM);
    for (const k of next) search.append(COMPARE_PARAM, k);
    setParams(search, { preventScrollReset: true });
  };
  const chooseAt = (slot: number, key: string) => {
    const next = chosen.map(roleKey);
    if (key) next[slot] = key;
    else next.splice(slot, 1);
    setRoles([...new Set(next.filter(Boolean))]);
  };

  const groups: SelectGroup[] = [];
  for (const role of roles) {
    let group = groups.find((g) => g.label === role.streamLabel);
    if (!group) {
      group = { label: role.streamLabel, options: [] };
      groups.push(group);
    }
    group.options.push({ value: roleKey(role), label: role.title });
  }

  const shown = chosen.length >= 2 ? chosen : [];
  const names = shown.map((r) => r.title);
  const cell = (role: InternshipRoleSummary, fact: string) => `${tableId}-${roleKey(role)} ${tableId}-${fact}`;
  const stipends = shown.map((r) => r.stipend);
  const highest = Math.max(...stipends);
  const stipendsDiffer = new Set(stipends).size > 1;
  const address = `${page.canonicalUrl}?${new URLSearchParams(shown.map((r) => [COMPARE_PARAM, roleKey(r)]))}`;
  const shareText = fill(ui.compare.shareText, {
    site: site.settings.name,
    roles: shown.map((r) => fill(ui.compare.shareRole, { role: r.title, stream: r.streamLabel, stipend: formatRupees(r.stipend) })).join('; '),
  });

  const facts: { fact: string; label: string; value: (r: InternshipRoleSummary) => React.ReactNode }[] = [
    {
      fact: 'stipend',
      label: ui.roleSelector.stipend,
      value: (r) => (
        <>
          <strong>{slashBreaks(fill(ui.roleSelector.perMonth, { amount: formatRupees(r.stipend) }))}</strong>
          {stipendsDiffer && r.stipend === highest ? <span className={styles.mark}>{ui.compare.highest}</span> : null}
        </>
      ),
    },
    { fact: 'duration', label: ui.roleSelector.duration, value: (r) => fill(ui.course.weeks, { count: r.durationWeeks }) },
    { fact: 'eligibility', label: ui.finder.whoCanApply, value: (r) => r.eligibility },
    {
      fact: 'location',
      label: ui.finder.mode,
      value: (r) => (
        <>
          {modeLabel(ui, r.mode)}
          <span className={styles.detail}>
            {r.location} · {r.mode}
          </span>
        </>
      ),
    },
    {
      fact: 'skills',
      label: ui.roleSelector.skillsTitle,
      value: (r) => (
        <ul className={styles.skills}>
          {(r.skills ?? []).map((skill) => (
            <li key={skill}>{skill}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <SectionShell id={id} title={title} intro={intro}>
      {unknown ? <p className={styles.note}>{ui.compare.unknown}</p> : null}
      {hydrated && chosen.length === 1 ? <p className={styles.note}>{ui.compare.needMore}</p> : null}
      {shown.length ? (
        <>
          <table className={styles.table} data-count={shown.length}>
            <caption className="sr-only">{fill(ui.compare.caption, { roles: inWords(ui, names) })}</caption>
            <thead>
              <tr>
                {shown.map((r) => (
                  <th key={roleKey(r)} id={`${tableId}-${roleKey(r)}`} scope="col" className={styles.role}>
                    <span className={styles.stream}>{slashBreaks(r.streamLabel)}</span>
                    <span className={styles.roleTitle}>{r.title}</span>
                  </th>
                ))}
              </tr>
            </thead>
            {facts.map(({ fact, label, value }) => (
              <tbody key={fact}>
                <tr>
                  <th id={`${tableId}-${fact}`} colSpan={shown.length} scope="colgroup" className={styles.factName}>
                    {label}
                  </th>
                </tr>
                <tr>
                  {shown.map((r) => (
                    <td key={roleKey(r)} headers={cell(r, fact)} data-fact={fact}>
                      {value(r)}
                    </td>
                  ))}
                </tr>
              </tbody>
            ))}
            <tbody>
              <tr>
                {shown.map((r) => (
                  <td key={roleKey(r)} className={styles.actions}>
                    <ApplyLink role={r} />
                    <SmartLink href={`${r.streamPath}?role=${r.roleId}`} className="button button--secondary button--small">
                      {ui.compare.open}
                      <span className="sr-only">: {r.title}</span>
                    </SmartLink>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setRoles(shown.filter((x) => x !== r).map(roleKey))}
                    >
                      {ui.compare.remove}
                      <span className="sr-only">: {r.title}</span>
                    </button>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
          <p className={styles.share}>
            <ShareLinks url={address} title={fill(ui.compare.caption, { roles: inWords(ui, names) })} text={shareText} what={ui.compare.shareWhat} />
          </p>
        </>
      ) : null}
      <form
        id={formId}
        action={encodePath(page.path)}
        method="get"
        className={styles.choose}
        aria-labelledby={`${formId}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          setRoles([...new Set(data.getAll(COMPARE_PARAM).map(String).filter(Boolean))]);
        }}
      >
        <Sub id={`${formId}-title`} className={styles.chooseTitle}>
          {shown.length ? ui.compare.changeTitle : ui.compare.chooseTitle}
        </Sub>
        <div className={styles.choosers}>
          {Array.from({ length: COMPARE_MOST }, (_, slot) => (
            <FilterSelect
              // biome-ignore lint/suspicious/noArrayIndexKey: the three choosers are fixed places
              key={slot}
              id={`${formId}-${slot}`}
              name={COMPARE_PARAM}
              label={fill(ui.compare.roleNumber, { number: slot + 1 })}
              any={ui.compare.pick}
              value={chosen[slot] ? roleKey(chosen[slot]) : ''}
              onChange={(key) => chooseAt(slot, key)}
              groups={groups}
            />
          ))}
        </div>
        <p className={styles.chooseActions}>
          <button type="submit" className="button button--small">
            {ui.compare.show}
          </button>
          {finder ? (
            <SmartLink href={`${finder.path}${finder.anchor ? `#${finder.anchor}` : ''}`} className="button button--secondary button--small">
              {ui.compare.backToList}
            </SmartLink>
          ) : null}
        </p>
      </form>
    </SectionShell>
  );
}
