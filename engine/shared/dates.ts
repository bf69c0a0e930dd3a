import { type Locale, renderLocale } from './language.ts';

/** English dates as the spec writes them (05 March 2025: en-GB's order); Hindi's as Hindi does (05 मार्च 2025). */
const DATE_LOCALE: Record<Locale, string> = { 'en-IN': 'en-GB', 'hi-IN': 'hi-IN' };
const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind and locale, made on first use. */
function formatter(kind: string, locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE[locale], options);
    formats.set(key, format);
  }
  return format;
}

/** Certificate dates in long form, e.g. 05 March 2025, read as calendar dates (no time zone shift). */
export function formatLongDate(value: string, locale: Locale = renderLocale()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter('long', locale, { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** When a certificate was checked, as people in India read it: 22 November 2026, 5:30 pm IST. */
export function formatCheckedAt(iso: string, locale: Locale = renderLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = formatter('checked', locale, {
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
  return `${format.format(date).replace(' at ', ', ')} IST`;
}

/** The day of a moment as people in India read it: 23 November 2026 (in IST, where 22 November 20:00 UTC is already the 23rd). */
export function formatIndianDate(iso: string, locale: Locale = renderLocale()): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : formatter('day', locale, { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(date);
}

/** The calendar day of a moment in India, as YYYY-MM-DD: a revocation at 20:00 UTC on 22 November is the 23rd in IST. */
const indianParts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Kolkata' });

export function indianIsoDate(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : indianParts.format(date);
}

/** A date, or a date and time with or without a zone (RFC 3339 / ISO 8601 extended form, seconds and fraction optional). */
const DAY_OR_MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * The calendar day a date or a date and time names, as YYYY-MM-DD; undefined when it is not one. A date is the day
 * as written. A moment with a zone (Z, +05:30) is the day it was in India, where certificates are issued, whatever
 * the reader's own zone: 2025-03-04T19:00:00Z is 05 March (00:30 IST), as the server dates revocations. A time with
 * no zone names no moment, so its date is taken as written.
 */
export function calendarDay(value: string): string | undefined {
  const match = DAY_OR_MOMENT.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, zone] = match as unknown as [string, string, string, string, string?, string?, string?, string?];
  if (!isRealDay(Number(y), Number(mo), Number(d))) return undefined;
  if (h === undefined) return `${y}-${mo}-${d}`;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined;
  if (zone === undefined) return `${y}-${mo}-${d}`;
  // Rewritten in ECMAScript's own date-time form, which every engine parses alike (Date.parse of other forms varies).
  const offset = /^[Zz]$/.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59)) return undefined;
  return indianIsoDate(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${offset}`);
}

/** Whole weeks from the first day to the last, both counted (06 January to 02 March 2025 is 8 weeks); undefined when the dates are not in order. */
export function weeksBetween(start: string, end: string): number | undefined {
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return undefined;
  return Math.max(1, Math.round((to - from + 86_400_000) / (7 * 86_400_000)));
}
