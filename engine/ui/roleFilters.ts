import { fill } from '../runtime/text.ts';
import { degreeFits, GRADUATE, yearFits } from '../shared/eligibility.ts';
import type { InternshipRoleSummary, PageUi, UiText } from '../types.ts';

/** Every choice of the internship finder, as its address names them (/internship?year=2&mode=remote). */
export const FINDER_KEYS = ['field', 'year', 'degree', 'minStipend', 'weeks', 'city', 'mode', 'sort'] as const;
export type FinderKey = (typeof FINDER_KEYS)[number];

/** The choices that say something about a role itself (not its stream, not the order): a role's page filters by them too. */
export const ROLE_FILTER_KEYS = ['year', 'degree', 'minStipend', 'weeks', 'city', 'mode'] as const;
export type RoleFilterKey = (typeof ROLE_FILTER_KEYS)[number];
export type RoleFilters = Partial<Record<RoleFilterKey, string>>;

export { GRADUATE };

/** What filtering needs of a role: its figures and who can apply. */
export type FilterableRole = Pick<InternshipRoleSummary, 'stipend' | 'durationWeeks' | 'location' | 'mode' | 'whoCanApply'>;

/** Work modes as a student asks for them: from home (Remote, Remote/On-site) or at the office (On-site, Remote/On-site). */
export function modeTokens(mode: string): string {
  return [mode.includes('Remote') ? 'remote' : '', mode.includes('On-site') ? 'onsite' : ''].filter(Boolean).join(' ');
}

export { degreeFits, yearFits };

/** Whether a role is one the chosen filters let through (an empty choice lets every role through). */
export function roleMatches(role: FilterableRole, f: RoleFilters): boolean {
  return (
    yearFits(role.whoCanApply, f.year ?? '') &&
    degreeFits(role.whoCanApply, f.degree ?? '') &&
    (!f.minStipend || role.stipend >= Number(f.minStipend)) &&
    (!f.weeks || role.durationWeeks === Number(f.weeks)) &&
    (!f.city || role.location === f.city) &&
    (!f.mode || modeTokens(role.mode).split(' ').includes(f.mode))
  );
}

/** The role filters an address carries (from the finder's link to a role). */
export function roleFiltersIn(params: URLSearchParams): RoleFilters {
  const out: RoleFilters = {};
  for (const key of ROLE_FILTER_KEYS) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  return out;
}

/** The finder's choices as address parameters (in the finder's order), for a link that carries them. */
export function finderQuery(values: Partial<Record<FinderKey, string>>): string {
  const params = new URLSearchParams();
  for (const key of FINDER_KEYS) if (values[key]) params.set(key, values[key]!);
  return params.toString();
}

/** The year of study as a choice reads ("Second year", "Graduated"). */
export function yearLabel(ui: PageUi, year: string): string {
  return year === GRADUATE ? ui.finder.graduated : (ui.finder.years[Number(year) - 1] ?? year);
}

/** Who can apply, in the fewest words, for a role's button: "Any year", "Third year or above". */
export function fromYearLabel(ui: PageUi, fromYear: number): string {
  return fromYear <= 1 ? ui.finder.anyYear : fill(ui.finder.fromYear, { year: ui.finder.years[fromYear - 1] ?? String(fromYear) });
}

/** A work mode in plain words ("From home or at the office"), for a role's button. */
export function modeLabel(ui: PageUi, mode: string): string {
  return ui.finder.modes[mode as keyof UiText['finder']['modes']] ?? mode;
}

/** The chosen filters in words, for the sentence that says which are carried: "Second year · work from home possible". */
export function filterWords(ui: PageUi, f: RoleFilters, amount: (n: number) => string): string[] {
  const words: string[] = [];
  if (f.year) words.push(yearLabel(ui, f.year));
  if (f.degree) words.push(f.degree);
  if (f.mode === 'remote') words.push(ui.finder.remote);
  if (f.mode === 'onsite') words.push(ui.finder.onsite);
  if (f.minStipend) words.push(fill(ui.finder.atLeast, { amount: amount(Number(f.minStipend)) }));
  if (f.weeks) words.push(fill(ui.finder.weeks, { count: f.weeks }));
  if (f.city) words.push(f.city);
  return words;
}

/** A stream in a few letters for an address: /internship/BE/BTech/MTech is be-btech-mtech. */
export function streamKey(streamPath: string): string {
  return streamPath
    .replace(/^\/internship\//i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A role across all streams, as the comparison's address names it: law.corporateLaw. */
export function roleKey(role: Pick<InternshipRoleSummary, 'streamPath' | 'roleId'>): string {
  return `${streamKey(role.streamPath)}.${role.roleId}`;
}

/** How many roles the comparison puts side by side. */
export const COMPARE_MOST = 3;

/** The parameter of the comparison's address, once per role: /internship/compare?roles=law.corporateLaw&roles=pharmacy.clinicalPharmacy. */
export const COMPARE_PARAM = 'roles';
