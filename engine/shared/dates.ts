/** Certificate dates in en-GB long form, e.g. 05 March 2025, read as calendar dates (no time zone shift). */
const longDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatLongDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}

/** When a certificate was checked, as people in India read it: 22 November 2026, 5:30 pm IST. */
const checkedTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  // hourCycle h12, not hour12: Node writes the hour after midnight as 0 with hour12 while browsers write 12,
  // and the certificate page is rendered on the server and then hydrated in the browser.
  hourCycle: 'h12',
  timeZone: 'Asia/Kolkata',
});

export function formatCheckedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${checkedTime.format(date).replace(' at ', ', ')} IST`;
}

/** The day of a moment as people in India read it: 23 November 2026 (in IST, where 22 November 20:00 UTC is already the 23rd). */
const indianDay = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

export function formatIndianDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : indianDay.format(date);
}

/** The calendar day of a moment in India, as YYYY-MM-DD: a revocation at 20:00 UTC on 22 November is the 23rd in IST. */
const indianParts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Kolkata' });

export function indianIsoDate(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : indianParts.format(date);
}

/** Whole weeks from the first day to the last, both counted (06 January to 02 March 2025 is 8 weeks); undefined when the dates are not in order. */
export function weeksBetween(start: string, end: string): number | undefined {
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return undefined;
  return Math.max(1, Math.round((to - from + 86_400_000) / (7 * 86_400_000)));
}
