import { type Kysely, sql } from 'kysely';

/**
 * What a referral's automatic approval is counted against besides its referrer (issue 33):
 * - users.referred_at: when an account signed up with a member's link, kept if that member's account is deleted, so
 *   a chain of accounts each made with the last one's code stays a chain; filled from created_at for accounts that
 *   came by a link before this migration;
 * - users.signup_client: a keyed hash (never the address) of the connection a referred account signed up from, kept
 *   only until the account's address is confirmed and its referrer credited;
 * - referrals.signup_client and confirm_client: the same keyed hashes of the friend's sign-up and confirmation,
 *   which the credits approved per connection in a day are counted by (credits made before have none);
 * - an index on referrals.credited_at for those counts.
 */
export function referralClients() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('referred_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('signup_client', 'text').execute();
      await sql`update users set referred_at = created_at where referred_by is not null`.execute(db);
      await db.schema.alterTable('referrals').addColumn('signup_client', 'text').execute();
      await db.schema.alterTable('referrals').addColumn('confirm_client', 'text').execute();
      await db.schema.createIndex('referrals_credited').on('referrals').column('credited_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('referrals_credited').execute();
      for (const column of ['confirm_client', 'signup_client']) await db.schema.alterTable('referrals').dropColumn(column).execute();
      for (const column of ['signup_client', 'referred_at']) await db.schema.alterTable('users').dropColumn(column).execute();
    },
  };
}
