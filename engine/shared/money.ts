/** Indian digit grouping (1,00,000) and the rupee sign, the same on the server and in the browser. */
const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function formatIndianNumber(value: number): string {
  return grouping.format(value);
}

export function formatRupees(value: number): string {
  return `₹${grouping.format(value)}`;
}

/** The discount badge figure: (old − new) / old, rounded to a whole percent. */
export function discountPercent(oldPrice: number, newPrice: number): number {
  if (oldPrice <= 0 || newPrice >= oldPrice) return 0;
  return Math.round(((oldPrice - newPrice) / oldPrice) * 100);
}
