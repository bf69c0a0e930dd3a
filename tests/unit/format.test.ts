import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../engine/shared/dates.ts';
import { discountPercent, formatIndianNumber, formatRupees } from '../../engine/shared/money.ts';

describe('money in Indian grouping', () => {
  it('groups lakhs the Indian way', () => {
    expect(formatIndianNumber(100000)).toBe('1,00,000');
    expect(formatIndianNumber(68000)).toBe('68,000');
    expect(formatIndianNumber(12345678)).toBe('1,23,45,678');
  });
  it('writes every number as Intl.NumberFormat does in en-IN and hi-IN, which the site no longer makes in the browser', () => {
    const intl = ['en-IN', 'hi-IN'].map((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
    const sizes = fc.oneof(
      fc.integer({ min: -1_000, max: 1_000 }),
      fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      fc.double({ min: -1e7, max: 1e7, noNaN: true }),
      fc.integer({ min: 0, max: 10_000_000 }).map((n) => n + 0.5),
    );
    fc.assert(
      fc.property(sizes, (value) => {
        for (const format of intl) expect(formatIndianNumber(value)).toBe(format.format(value));
      }),
      { numRuns: 5_000 },
    );
  });
  it('puts the rupee sign before the amount', () => {
    expect(formatRupees(15000)).toBe('₹15,000');
    expect(formatRupees(899)).toBe('₹899');
    expect(formatRupees(100000)).toBe('₹1,00,000');
  });
  it('rounds the discount badge to a whole percent, as the spec table shows it', () => {
    expect(discountPercent(20000, 15000)).toBe(25);
    expect(discountPercent(15000, 10000)).toBe(33);
    expect(discountPercent(25000, 18000)).toBe(28);
    expect(discountPercent(30000, 22000)).toBe(27);
    expect(discountPercent(28000, 20000)).toBe(29);
    expect(discountPercent(35000, 25000)).toBe(29);
    expect(discountPercent(20000, 14000)).toBe(30);
    expect(discountPercent(100, 100)).toBe(0);
  });
});

describe('certificate dates', () => {
  it('are shown in en-GB long form', () => {
    expect(formatLongDate('2025-03-05')).toBe('05 March 2025');
    expect(formatLongDate('2024-12-31T00:00:00.000Z')).toBe('31 December 2024');
  });
  it('do not shift a day with the time zone', () => {
    expect(formatLongDate('2025-01-01')).toBe('01 January 2025');
  });
  it('show an unreadable value as it is', () => {
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});

describe('the checked-at time', () => {
  it('reads 12, not 0, for the hour after midnight, as browsers write it (the page is rendered on the server and hydrated)', async () => {
    const { formatCheckedAt } = await import('../../engine/shared/dates.ts');
    expect(formatCheckedAt('2026-11-22T18:46:00Z')).toBe('23 November 2026, 12:16 am IST');
    expect(formatCheckedAt('2026-11-22T12:00:00Z')).toBe('22 November 2026, 5:30 pm IST');
  });
});
