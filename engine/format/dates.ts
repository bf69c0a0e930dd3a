/** Certificate dates in en-GB long form, e.g. 05 March 2025, read as calendar dates (no time zone shift). */
const longDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatLongDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}
