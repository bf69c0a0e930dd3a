import { fill } from '../runtime/text.ts';
import { formatRupees } from '../shared/money.ts';
import type { PageUi } from '../types.ts';

export type CourseKindId = 'short' | 'professional';

/** A course as the two kinds are compared: what a student pays, the usual price, and the weeks. */
export interface PricedCourse {
  price: number;
  listPrice: number;
  weeks: number;
}

/**
 * The figures of one kind of course, worked out from the courses themselves, so
 * the catalogue's headings and the notes beside a course can never disagree with
 * what is listed: "₹899 each, usually ₹1,499" and "6 to 8 weeks", or
 * "₹10,000 to ₹25,000" and "8 to 14 weeks".
 */
export function kindFigures(courses: readonly PricedCourse[], ui: PageUi): { price: string; weeks: string } {
  if (courses.length === 0) return { price: '', weeks: '' };
  const prices = [...new Set(courses.map((c) => c.price))].sort((a, b) => a - b);
  const lists = [...new Set(courses.map((c) => c.listPrice))];
  const weeks = courses.map((c) => c.weeks);
  const [minWeeks, maxWeeks] = [Math.min(...weeks), Math.max(...weeks)];
  const price =
    prices.length === 1 && lists.length === 1
      ? fill(ui.catalogue.priceEach, { price: formatRupees(prices[0]!), listPrice: formatRupees(lists[0]!) })
      : fill(ui.catalogue.priceRange, { min: formatRupees(prices[0]!), max: formatRupees(prices.at(-1)!) });
  return {
    price,
    weeks: minWeeks === maxWeeks ? fill(ui.course.weeks, { count: minWeeks }) : fill(ui.catalogue.weeksRange, { min: minWeeks, max: maxWeeks }),
  };
}
