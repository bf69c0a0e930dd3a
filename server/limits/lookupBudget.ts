import type { Allowance } from './allowances.ts';
import type { Counts } from './counts.ts';

export interface LookupBudget {
  /**
   * Charges one request's certificate lookups to the client: `asked` IDs, of
   * which `missing` found nothing. Refused (and then nothing at all is
   * answered) when, before this request, the client had spent either
   * allowance; so the answer never depends on whether this request's own IDs
   * exist, and a spent budget says nothing about any ID.
   */
  spend(client: string, asked: number, missing: number, now?: number): Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;
}

/**
 * Certificate lookups per client, counted with every other limit (counts.ts):
 * every ID looked up, found or not, against an allowance no real verifier
 * meets, and the IDs that find nothing against a small one. Each count is
 * added and read back in one statement, so requests that arrive together
 * each see the ones before them (on PostgreSQL as on SQLite); a request that
 * starts within both allowances is answered whole, the next one waits.
 */
export function lookupBudget(counts: Counts, allowances: { lookups: Allowance; misses: Allowance }): LookupBudget {
  const refused = (resetInMs: number) => ({ ok: false as const, retryAfterMs: Math.max(1000, resetInMs) });
  return {
    async spend(client, asked, missing, now = Date.now()) {
      const all = await counts.add('lookups', client, allowances.lookups.windowMs, asked, now);
      if (all.count - asked >= allowances.lookups.max) return refused(all.resetInMs);
      const missed = await counts.add('lookup-misses', client, allowances.misses.windowMs, missing, now);
      if (missed.count - missing >= allowances.misses.max) return refused(missed.resetInMs);
      return { ok: true };
    },
  };
}
