import type { Kysely } from 'kysely';

/**
 * Each client's window starts with its first request (as @fastify/rate-limit's own stores do), instead of
 * on the clock's minute: a client no longer gets its allowance twice over by straddling a minute, and a
 * burst is judged the same whenever it comes. One row per bucket and client. The counts are seconds-to-an-hour
 * old by nature, so the table is made anew; what it held is at most one window of counting.
 */
export function limitWindowsPerClient() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('limit_counts').execute();
      await db.schema
        .createTable('limit_counts')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('limit_counts_pk', ['bucket', 'key'])
        .execute();
      await db.schema.createIndex('limit_counts_window').on('limit_counts').column('window_start').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('limit_counts').execute();
      await db.schema
        .createTable('limit_counts')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('limit_counts_pk', ['bucket', 'key', 'window_start'])
        .execute();
      await db.schema.createIndex('limit_counts_window').on('limit_counts').column('window_start').execute();
    },
  };
}
