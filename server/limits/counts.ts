import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** The buckets whose windows last a day: each recipient's mails (mail/queue.ts). */
const DAILY_BUCKETS = ['mail-to'];

export interface WindowCount {
  /** The count in the current window, this addition included. */
  count: number;
  /** When the current window ends. */
  resetInMs: number;
  /** When the current window started (milliseconds since 1970): what `giveBack` names the window by. */
  windowStart: number;
}

/**
 * The one counting mechanism of every limit and budget: counts per bucket and client, in the database so that every server instance
 * adds to the same ones. A client's window starts with its first request and
 * lasts windowMs; the next request after it starts a new one. One statement
 * adds and reads back, the same on SQLite and PostgreSQL, and what it answers
 * decides: a limit spends first and then looks (`add`, then compare), never
 * reads and then adds, which lets requests arriving together all pass the
 * same count. Windows long over are cleared now and then.
 */
export function limitCounts(db: Kysely<Database>, unwritable: () => string | undefined = () => undefined) {
  let lastSweep = 0;
  const sweep = async (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    // Windows are at most an hour long but for the daily ones (allowances.ts, whose buckets are named here): what
    // started before is over, and kept no longer than it counts.
    await db
      .deleteFrom('limit_counts')
      .where('window_start', '<', now - 2 * 3_600_000)
      .where('bucket', 'not in', DAILY_BUCKETS)
      .execute();
    await db
      .deleteFrom('limit_counts')
      .where('window_start', '<', now - 25 * 3_600_000)
      .execute();
  };
  return {
    async add(bucket: string, key: string, windowMs: number, amount = 1, now = Date.now()): Promise<WindowCount> {
      // A count written now would go into a database file nobody will see again: the request waits instead (it may be a read).
      if (unwritable()) throw new ApiError('DATABASE_UNAVAILABLE', {}, 60);
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
      return { count: Number(row.count), resetInMs: Number(row.window_start) + windowMs - now, windowStart: Number(row.window_start) };
    },
    /**
     * Takes back what `add` counted, in the window it was counted in (a window begun since is left alone): for an
     * attempt spent before it was tried that turned out to count as nothing (a right password).
     */
    async giveBack(bucket: string, key: string, windowStart: number, amount = 1): Promise<void> {
      await db
        .updateTable('limit_counts')
        .set({ count: sql`count - ${amount}` })
        .where('bucket', '=', bucket)
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where('count', '>=', amount)
        .execute();
    },
    /** The count as it stands, adding nothing: for telling someone where they stand, never for deciding whether to let them try. */
    async read(bucket: string, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
      const row = await db.selectFrom('limit_counts').select(['count', 'window_start']).where('bucket', '=', bucket).where('key', '=', key).executeTakeFirst();
      if (!row || Number(row.window_start) <= now - windowMs) return { count: 0, resetInMs: windowMs, windowStart: now };
      return { count: Number(row.count), resetInMs: Number(row.window_start) + windowMs - now, windowStart: Number(row.window_start) };
    },
  };
}

export type Counts = ReturnType<typeof limitCounts>;
