/**
 * Indian digit grouping (1,00,000) and the rupee sign, the same on the server and in the browser, in English and in
 * Hindi alike (en-IN and hi-IN both write Latin digits so grouped), so a figure reads the same in both.
 *
 * Grouped here rather than by Intl.NumberFormat: the first Intl formatter a page makes loads the locale's data, 15–23 ms
 * on this 2-core machine (60–90 ms on Lighthouse's phone), in the middle of drawing the page's islands; and the output
 * is Intl's own (tests/unit/format.test.ts compares them over every size of number).
 */
export function formatIndianNumber(value: number): string {
  // Whole rupees, halves away from zero, as Intl's maximumFractionDigits: 0 rounds.
  const digits = String(Math.round(Math.abs(value)));
  if (!/^\d+$/.test(digits)) return String(value);
  // A minus whenever the value is below zero, even when it rounds to 0 (Intl's "-0").
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  // The last three digits, and the others in twos before them.
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${head},${digits.slice(-3)}`;
}

export function formatRupees(value: number): string {
  return `₹${formatIndianNumber(value)}`;
}

/** The discount badge figure: (old − new) / old, rounded to a whole percent. */
export function discountPercent(oldPrice: number, newPrice: number): number {
  if (oldPrice <= 0 || newPrice >= oldPrice) return 0;
  return Math.round(((oldPrice - newPrice) / oldPrice) * 100);
}
