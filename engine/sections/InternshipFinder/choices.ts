import type { InternshipRoleSummary } from '../../types.ts';

/** Distinct values in first-seen order. */
function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The choices of the finder's filters, and how many roles there are. */
export interface FinderChoices {
  fields: string[];
  durations: number[];
  cities: string[];
  degrees: string[];
  thresholds: number[];
  roles: number;
}

/**
 * The finder's choices, from the roles: the fields, weeks, cities and degrees the roles have, and the minimum
 * stipends in order. The list's cards carry their positions among them (data-field="3"), which the stylesheet and the
 * filters both filter by; the filters list them as the options of their selects.
 */
export function finderChoices(roles: readonly InternshipRoleSummary[], minimumStipends: readonly number[]): FinderChoices {
  return {
    fields: distinct(roles.map((r) => r.streamLabel)),
    durations: distinct(roles.map((r) => r.durationWeeks)).sort((a, b) => a - b),
    cities: distinct(roles.map((r) => r.location)).sort(),
    degrees: distinct(roles.flatMap((r) => r.whoCanApply.degrees)).sort((a, b) => a.localeCompare(b, 'en')),
    thresholds: [...minimumStipends].sort((a, b) => a - b),
    roles: roles.length,
  };
}

/** The roles by stipend, highest first, and by weeks, shortest first: the two orders the list can be sorted in. */
export function finderOrders<R extends Pick<InternshipRoleSummary, 'stipend' | 'durationWeeks'>>(roles: readonly R[]) {
  return {
    byStipend: [...roles].sort((a, b) => b.stipend - a.stipend || a.durationWeeks - b.durationWeeks),
    byWeeks: [...roles].sort((a, b) => a.durationWeeks - b.durationWeeks || b.stipend - a.stipend),
  };
}
