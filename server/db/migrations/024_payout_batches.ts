import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Payout files that mark nothing paid until someone says the file was downloaded (issue 37): making the file had
 * marked its credits paid at once, so a file that never reached the owner's disk left credits paid and nobody paid.
 * - payout_batches: one per file made, with who made it and when, and when and by whom it was marked paid;
 * - payout_batch_credits: the credits the file lists (approved and unpaid when it was made);
 * - referrals.payout_batch_id: the file a credit was paid with (no foreign key: SQLite cannot drop a column that has one).
 */
export function payoutBatches(dialect: Dialect) {
  const withId = (builder: CreateTableBuilder<string, never>) =>
    dialect === 'postgres'
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('payout_batches'))
        .addColumn('made_at', 'text', (c) => c.notNull())
        .addColumn('made_by', 'text', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('rupees', 'integer', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('paid_by', 'text')
        .addColumn('paid_credits', 'integer')
        .addColumn('paid_rupees', 'integer')
        .execute();
      await db.schema
        .createTable('payout_batch_credits')
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('payout_batches.id').onDelete('cascade'))
        .addColumn('referral_id', 'integer', (c) => c.notNull().references('referrals.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('payout_batch_credits_key', ['batch_id', 'referral_id'])
        .execute();
      await db.schema.alterTable('referrals').addColumn('payout_batch_id', 'integer').execute();
      // The files still to be marked paid, newest first, for the console's list.
      await sql`create index payout_batches_open on payout_batches (made_at) where paid_at is null`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('referrals').dropColumn('payout_batch_id').execute();
      await db.schema.dropTable('payout_batch_credits').execute();
      await db.schema.dropTable('payout_batches').execute();
    },
  };
}
