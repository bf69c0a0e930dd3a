import type { InternshipRoleSummary } from '../../types.ts';
import { type FilterableRole, roleKey } from '../../ui/roleFilters.ts';

/** Distinct values in first-seen order. */
function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** What the finder's filters need of a role (the list shows the rest, drawn once by the server). */
export type FinderRole = FilterableRole & Pick<InternshipRoleSummary, 'streamLabel' | 'streamPath' | 'roleId'> & { key: string };

export function finderRole(role: InternshipRoleSummary): FinderRole {
  const { streamLabel, streamPath, roleId, stipend, durationWeeks, location, mode, whoCanApply } = role;
  return { key: roleKey(role), streamLabel, streamPath, roleId, stipend, durationWeeks, location, mode, whoCanApply };
}

/**
 * The finder's choices, from the roles: the fields, weeks, cities and degrees the roles have, and the minimum
 * stipends in order. The list's cards carry their positions among them (data-field="3"), which the stylesheet
 * filters by; the filters list them as the options of their selects.
 */
export function finderChoices(roles: readonly FinderRole[], minimumStipends: readonly number[]) {
  return {
    fields: distinct(roles.map((r) => r.streamLabel)),
    durations: distinct(roles.map((r) => r.durationWeeks)).sort((a, b) => a - b),
    cities: distinct(roles.map((r) => r.location)).sort(),
    degrees: distinct(roles.flatMap((r) => r.whoCanApply.degrees)).sort((a, b) => a.localeCompare(b, 'en')),
    thresholds: [...minimumStipends].sort((a, b) => a - b),
  };
}

/** The roles by stipend, highest first, and by weeks, shortest first: the two orders the list can be sorted in. */
export function finderOrders<R extends FilterableRole>(roles: readonly R[]) {
  return {
    byStipend: [...roles].sort((a, b) => b.stipend - a.stipend || a.durationWeeks - b.durationWeeks),
    byWeeks: [...roles].sort((a, b) => a.durationWeeks - b.durationWeeks || b.stipend - a.stipend),
  };
}
