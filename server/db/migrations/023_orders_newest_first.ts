import type { Kysely } from 'kysely';

/**
 * The payments screen lists every order newest first: at 100,000 orders, without an index on the day made, each page
 * sorted the whole table (scripts/bench/paymentsBench.ts: BENCHMARKS.md has the figures before and after).
 */
export function ordersNewestFirst() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_created').execute();
    },
  };
}
