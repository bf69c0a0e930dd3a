import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface WindowCount {
  /** The count in the current window, this addition included. */
  count: number;
  /** When the current window ends. */
  resetInMs: number;
}

/**
 * Counts per bucket and client, in the database so that every server instance
 * adds to the same ones. A client's window starts with its first request and
 * lasts windowMs; the next request after it starts a new one. One statement
 * adds and reads back, the same on SQLite and PostgreSQL. Windows long over
 * are cleared now and then.
 */
export function windowCounts(db: Kysely<Database>) {
  let lastSweep = 0;
  const sweep = async (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    // The longest window in use is an hour: a window that started two hours ago is over.
    await db
      .deleteFrom('limit_counts')
      .where('window_start', '<', now - 2 * 3_600_000)
      .execute();
  };
  return {
    async add(bucket: string, key: string, windowMs: number, amount = 1, now = Date.now()): Promise<WindowCount> {
      // Both assignments read the row as it was: an expired window restarts now with this amount.
      const expired = sql<boolean>`limit_counts.window_start <= ${now - windowMs}`;
      const row = await db
        .insertInto('limit_counts')
        .values({ bucket, key, window_start: now, count: amount })
        .onConflict((oc) =>
          oc.columns(['bucket', 'key']).doUpdateSet({
            count: sql`case when ${expired} then ${amount} else limit_counts.count + ${amount} end`,
            window_start: sql`case when ${expired} then ${now} else limit_counts.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      await sweep(now);
      return { count: Number(row.count), resetInMs: Number(row.window_start) + windowMs - now };
    },
    async read(bucket: string, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
      const row = await db.selectFrom('limit_counts').select(['count', 'window_start']).where('bucket', '=', bucket).where('key', '=', key).executeTakeFirst();
      if (!row || Number(row.window_start) <= now - windowMs) return { count: 0, resetInMs: windowMs };
      return { count: Number(row.count), resetInMs: Number(row.window_start) + windowMs - now };
    },
  };
}

export type WindowCounts = ReturnType<typeof windowCounts>;
