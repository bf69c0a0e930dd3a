import type { Kysely } from 'kysely';

/**
 * Counts in fixed windows, kept in the database so that every server instance
 * reads and adds to the same ones: the rate limits of the API, and the wrong
 * passwords per account. (006 is the enquiries' and accounts' migration.)
 */
export function limitCounts() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
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
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('limit_counts').execute();
    },
  };
}
