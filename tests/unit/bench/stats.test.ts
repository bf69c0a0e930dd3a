import { describe, expect, it } from 'vitest';
import { percentile, ratioWithSpread } from '../../../tooling/benchStats.ts';

describe('bench figures', () => {
  it('gives a ratio with the lowest and highest of it round by round', () => {
    // Best of each: 90 ÷ 100; round by round 80/100, 90/95, 85/100.
    expect(ratioWithSpread(90, 100, [80, 90, 85], [100, 95, 100])).toBe('0.90× (0.80–0.95)');
  });

  it('gives the ratio alone from a single round', () => {
    expect(ratioWithSpread(9, 10, [9], [10])).toBe('0.90×');
  });

  it('takes percentiles by rank', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 100)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });
});
