export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** Runs `fn` `times` times and answers the median duration in milliseconds. */
export async function medianMs(times: number, fn: () => unknown): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await fn();
    durations.push(performance.now() - started);
  }
  return median(durations);
}

export function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}×`;
}

/**
 * A ratio, and when there are several rounds the lowest and highest of the
 * same ratio taken round by round: how far the machine's noise moves it.
 */
export function ratioWithSpread(value: number, baseline: number, values: readonly number[], baselines: readonly number[]): string {
  const byRound = values.map((v, i) => v / baselines[i]!).filter(Number.isFinite);
  if (byRound.length < 2) return ratio(value, baseline);
  return `${ratio(value, baseline)} (${Math.min(...byRound).toFixed(2)}–${Math.max(...byRound).toFixed(2)})`;
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

export function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
