import type { Kysely } from 'kysely';

/**
 * Every limit and budget counts in limit_counts (server/limits/counts.ts): the
 * certificate lookups that find nothing, counted in their own table since 005,
 * move there too. What lookup_misses held is at most twenty minutes of counting.
 */
export function oneLimitTable() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('lookup_misses').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('lookup_misses')
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('misses', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lookup_misses_pk', ['client', 'window_start'])
        .execute();
    },
  };
}
