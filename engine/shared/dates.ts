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
