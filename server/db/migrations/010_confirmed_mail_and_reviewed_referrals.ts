import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * What stops a stranger turning the site into money or a mail cannon:
 * - accounts confirm their e-mail (users.email_confirmed_at, and single-use
 *   confirmation links kept only as hashes);
 * - a friend's referral is remembered at sign-up (users.referred_by) and
 *   credited once the friend has confirmed, held for review when the referrer
 *   earns too many in a day (referrals.status: approved, pending, refused,
 *   paid; who decided and when);
 * - each mailbox earns a credit once, ever (referral_mailboxes: a keyed hash
 *   of the mailbox, kept after the account is deleted);
 * - every mail goes through a queue (mail_jobs), so requests answer alike
 *   whether or not a mail is due or mail is up, and caps per recipient hold.
 * Credits given before this migration were given under the old rule and stay approved.
 */
export function confirmedMailAndReviewedReferrals(dialect: Dialect) {
  const withId = (builder: CreateTableBuilder<string, never>) =>
    dialect === 'postgres'
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('referred_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();

      await db.schema
        .createTable('email_confirmations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('email_confirmations_user').on('email_confirmations').column('user_id').execute();

      await db.schema
        .alterTable('referrals')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
        .execute();
      await db.schema.alterTable('referrals').addColumn('decided_at', 'text').execute();
      await db.schema.alterTable('referrals').addColumn('decided_by', 'text').execute();
      await db.schema.alterTable('referrals').addColumn('paid_at', 'text').execute();
      await db.schema.createIndex('referrals_status').on('referrals').columns(['status', 'credited_at']).execute();

      await db.schema
        .createTable('referral_mailboxes')
        .addColumn('mailbox_key', 'text', (c) => c.primaryKey())
        .addColumn('credited_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('mail_jobs'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', 'text')
        .addColumn('composed', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('given_up_at', 'text')
        .addColumn('outcome', 'text')
        .execute();
      await db.schema.createIndex('mail_jobs_due').on('mail_jobs').columns(['sent_at', 'given_up_at', 'next_attempt_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mail_jobs').execute();
      await db.schema.dropTable('referral_mailboxes').execute();
      await db.schema.dropIndex('referrals_status').execute();
      for (const column of ['paid_at', 'decided_by', 'decided_at', 'status']) await db.schema.alterTable('referrals').dropColumn(column).execute();
      await db.schema.dropTable('email_confirmations').execute();
      await db.schema.alterTable('users').dropColumn('referred_by').execute();
      await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
    },
  };
}
