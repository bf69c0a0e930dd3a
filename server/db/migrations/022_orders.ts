import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Orders and their payments (issue 35): what a member pays for (a course, a short course, a gift to the campaign),
 * the amount content set, where it stands (held by the database's check to schemas/api/orderStatus.schema.json's
 * lists, frozen here as a migration must be; tests/api/payments.test.ts holds the two together), the UTR the payer
 * reported (one order per UTR: a unique index), and the receipt issued when it is paid, its number from one counter
 * row taken in the same transaction as the payment, so the numbers have no gaps. order_events is every change, with
 * who and when.
 */
const STATUSES = ['awaitingPayment', 'paymentReported', 'paid', 'cancelled', 'expired', 'refunded'];
const KINDS = ['course', 'shortCourse', 'gift'];

/** The lists as this migration froze them. */
export const FROZEN_ORDER_LISTS = { statuses: STATUSES, kinds: KINDS };

const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export function orders(dialect: Dialect) {
  const withId = (builder: CreateTableBuilder<string, never>) =>
    dialect === 'postgres'
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('orders'))
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw(`kind in (${list(KINDS)})`)))
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('subject_title', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in (${list(STATUSES)})`)))
        .addColumn('status_at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('pan', 'text')
        .addColumn('application_id', 'integer', (c) => c.references('enquiries.id').onDelete('set null'))
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('utr', 'text')
        .addColumn('reported_at', 'text')
        .addColumn('refusal', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('confirmed_by', 'text')
        .addColumn('receipt_no', 'integer', (c) => c.unique())
        .addColumn('receipt_number', 'text', (c) => c.unique())
        .addColumn('refunded_at', 'text')
        .addColumn('refund_note', 'text')
        .addCheckConstraint('orders_paid_has_receipt', sql`(status in ('paid', 'refunded')) = (receipt_no is not null)`)
        .execute();
      // One order per UTR, whatever its status: a UTR used on another order is refused (and never confirms twice).
      await sql`create unique index orders_utr on orders (utr) where utr is not null`.execute(db);
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('orders_status').on('orders').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('orders_client').on('orders').columns(['client', 'status']).execute();
      await db.schema.createIndex('orders_email').on('orders').column('email_normalized').execute();
      await db.schema.createIndex('orders_campaign').on('orders').columns(['kind', 'subject_id', 'status', 'paid_at']).execute();
      await sql`create index orders_name on orders (lower(name))`.execute(db);

      await withId(db.schema.createTable('order_events'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('status_from', 'text')
        .addColumn('status_to', 'text')
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'at']).execute();

      // Gapless sequences: one row each, moved by one increment inside the transaction that uses the number.
      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into counters (name, value) values ('receipt', 0)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('counters').execute();
      await db.schema.dropTable('order_events').execute();
      await db.schema.dropTable('orders').execute();
    },
  };
}
