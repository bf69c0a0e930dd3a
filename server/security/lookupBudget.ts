import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface LookupBudgetOptions {
  /** Lookups that find nothing a client may make per window. */
  misses: number;
  windowMs: number;
}

/** 30 IDs that find nothing per 10 minutes: a person mistyping an ID a few times never meets it; a script guessing IDs does at once. */
export const DEFAULT_LOOKUP_BUDGET: LookupBudgetOptions = { misses: 30, windowMs: 10 * 60_000 };

export interface LookupBudget {
  /** How many more misses the client may make now, and when the next one frees up if none. */
  left(client: string, now?: number): Promise<{ left: number; retryAfterMs: number }>;
  spend(client: string, misses: number, now?: number): Promise<void>;
}

/**
 * Certificate lookups that find nothing, counted per client in the database,
 * so every server instance sees the same count. A sliding window from two
 * fixed ones: the previous window counts for the part of it still inside the
 * last windowMs. Found certificates cost nothing.
 */
export function lookupBudget(db: Kysely<Database>, options: LookupBudgetOptions = DEFAULT_LOOKUP_BUDGET): LookupBudget {
  const { windowMs } = options;
  const windowOf = (now: number) => Math.floor(now / windowMs) * windowMs;
  const stamp = (ms: number) => new Date(ms).toISOString();
  let sweptWindow = 0;

  const counts = async (client: string, now: number) => {
    const current = windowOf(now);
    const rows = await db
      .selectFrom('lookup_misses')
      .select(['window_start', 'misses'])
      .where('client', '=', client)
      .where('window_start', 'in', [stamp(current), stamp(current - windowMs)])
      .execute();
    const of = (start: number) => Number(rows.find((r) => r.window_start === stamp(start))?.misses ?? 0);
    return { current, inCurrent: of(current), inPrevious: of(current - windowMs) };
  };

  return {
    async left(client, now = Date.now()) {
      const { current, inCurrent, inPrevious } = await counts(client, now);
      const previousWeight = 1 - (now - current) / windowMs;
      const used = inCurrent + inPrevious * previousWeight;
      const left = Math.max(0, Math.floor(options.misses - used));
      if (left > 0) return { left, retryAfterMs: 0 };
      // The previous window's share shrinks as time passes; if that cannot free one miss, this window's own must age too.
      const allowed = options.misses - 1;
      const sinceStart = now - current;
      let wait: number;
      if (inCurrent <= allowed && inPrevious > 0) wait = windowMs * (1 - (allowed - inCurrent) / inPrevious) - sinceStart;
      else wait = windowMs - sinceStart + windowMs * (1 - allowed / Math.max(inCurrent, 1));
      return { left: 0, retryAfterMs: Math.max(1000, Math.ceil(wait)) };
    },
    async spend(client, misses, now = Date.now()) {
      if (misses <= 0) return;
      const current = windowOf(now);
      await db
        .insertInto('lookup_misses')
        .values({ client, window_start: stamp(current), misses })
        .onConflict((oc) => oc.columns(['client', 'window_start']).doUpdateSet({ misses: sql`lookup_misses.misses + ${misses}` }))
        .execute();
      // Windows older than the previous one count for nothing: cleared once per window by whichever process gets there.
      if (sweptWindow !== current) {
        sweptWindow = current;
        await db
          .deleteFrom('lookup_misses')
          .where('window_start', '<', stamp(current - windowMs))
          .execute();
      }
    },
  };
}
