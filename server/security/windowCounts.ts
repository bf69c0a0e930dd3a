import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface WindowCount {
  /** The count in the current window, this addition included. */
  count: number;
  /** When the current window ends. */
  resetInMs: number;
}

/**
 * Counts per bucket and key in fixed windows, in the database: one statement
 * adds and reads back, the same on SQLite and PostgreSQL, so that two server
 * instances count together. Windows two lengths old are cleared now and then.
 */
export function windowCounts(db: Kysely<Database>) {
  let lastSweep = 0;
  const sweep = async (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    // The longest window in use is an hour: anything older than two of them counts for nothing.
    await db
      .deleteFrom('limit_counts')
      .where('window_start', '<', now - 2 * 3_600_000)
      .execute();
  };
  return {
    async add(bucket: string, key: string, windowMs: number, amount = 1, now = Date.now()): Promise<WindowCount> {
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const row = await db
        .insertInto('limit_counts')
        .values({ bucket, key, window_start: windowStart, count: amount })
        .onConflict((oc) => oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ count: sql`limit_counts.count + ${amount}` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      await sweep(now);
      return { count: Number(row.count), resetInMs: windowStart + windowMs - now };
    },
    async read(bucket: string, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const row = await db
        .selectFrom('limit_counts')
        .select('count')
        .where('bucket', '=', bucket)
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0), resetInMs: windowStart + windowMs - now };
    },
  };
}

export type WindowCounts = ReturnType<typeof windowCounts>;
