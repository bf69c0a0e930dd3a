import { type Locale, renderLocale } from './language.ts';

/**
 * Indian digit grouping (1,00,000) and the rupee sign, the same on the server and in the browser, in English and in
 * Hindi alike (hi-IN writes Latin digits with the same grouping), so a figure reads the same in both.
 */
const groupings = new Map<Locale, Intl.NumberFormat>();
function grouping(locale: Locale): Intl.NumberFormat {
  let format = groupings.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    groupings.set(locale, format);
  }
  return format;
}

export function formatIndianNumber(value: number, locale: Locale = renderLocale()): string {
  return grouping(locale).format(value);
}

export function formatRupees(value: number, locale: Locale = renderLocale()): string {
  return `₹${grouping(locale).format(value)}`;
}

/** The discount badge figure: (old − new) / old, rounded to a whole percent. */
export function discountPercent(oldPrice: number, newPrice: number): number {
  if (oldPrice <= 0 || newPrice >= oldPrice) return 0;
  return Math.round(((oldPrice - newPrice) / oldPrice) * 100);
}
