import type { WhoCanApply } from '../types.ts';

/** The year-of-study choice of someone who has finished their degree. */
export const GRADUATE = 'graduate';

/** Whether a student in this year of study (1 to 5, or graduate) can apply; an empty choice lets everyone through. */
export function yearFits(who: WhoCanApply, year: string): boolean {
  if (!year) return true;
  if (year === GRADUATE) return Boolean(who.graduates);
  return Number(year) >= who.fromYear;
}

/** Whether a student of this degree can apply: it is named, or any degree can; an empty choice lets everyone through. */
export function degreeFits(who: WhoCanApply, degree: string): boolean {
  return !degree || Boolean(who.anyDegree) || who.degrees.includes(degree);
}
