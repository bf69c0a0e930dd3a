import { randomInt } from 'node:crypto';
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** A code as server/repositories/referrals.ts makes them (a migration keeps its own copy: it must not change later). */
function referralCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/**
 * What makes enquiries and accounts real: enrolment and contact enquiries
 * (idempotent by a key the form makes), newsletter subscriptions (double
 * opt-in), single-use password reset tokens (only their hash), and referrals:
 * a code of each account's own and one credit per friend who signs up with it.
 * Deleting an account removes its sessions, reset tokens and referral credits
 * and unlinks its enquiries (foreign keys do it, on both databases).
 */
export function enquiriesAccounts(dialect: Dialect) {
  const withId = (builder: CreateTableBuilder<string, never>) =>
    dialect === 'postgres'
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('enquiries'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('course_id', 'integer')
        .addColumn('course_title', 'text')
        .addColumn('message', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('acknowledged_at', 'text')
        .execute();
      await db.schema.createIndex('enquiries_received_at').on('enquiries').column('received_at').execute();
      await db.schema.createIndex('enquiries_user').on('enquiries').column('user_id').execute();
      await db.schema.createIndex('enquiries_email').on('enquiries').column('email_normalized').execute();

      await withId(db.schema.createTable('newsletter_subscriptions'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('confirm_token_hash', 'text', (c) => c.unique())
        .addColumn('confirm_expires_at', 'text')
        .addColumn('request_key', 'text')
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created_at']).execute();

      await withId(db.schema.createTable('referrals'))
        .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('referred_user_id', 'integer', (c) => c.unique().references('users.id').onDelete('set null'))
        .addColumn('credited_at', 'text', (c) => c.notNull())
        .addColumn('reward', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('referrals_referrer').on('referrals').column('referrer_id').execute();

      // Every account gets a code of its own; those made before this migration get theirs now.
      await db.schema.alterTable('users').addColumn('referral_code', 'text').execute();
      const users = await sql<{ id: number }>`select id from users`.execute(db);
      const taken = new Set<string>();
      for (const { id } of users.rows) {
        let code = referralCode();
        while (taken.has(code)) code = referralCode();
        taken.add(code);
        await sql`update users set referral_code = ${code} where id = ${id}`.execute(db);
      }
      await db.schema.createIndex('users_referral_code').unique().on('users').column('referral_code').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('users_referral_code').execute();
      await db.schema.alterTable('users').dropColumn('referral_code').execute();
      for (const table of ['referrals', 'password_resets', 'newsletter_subscriptions', 'enquiries']) await db.schema.dropTable(table).execute();
    },
  };
}
