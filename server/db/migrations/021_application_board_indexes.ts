import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the applications board and the console's first screen at 100,000 applications (issue 34; measured by
 * scripts/bench/applicationsBench.ts, figures in BENCHMARKS.md). The board counts what matches apart from the accounts
 * not yet confirmed, which it subtracts (server/features/applications/repository.ts countOnBoard):
 * - users_unconfirmed: the accounts whose address is not confirmed, a partial index of the few;
 * - enquiries_kind_user: applications by account, with every column the board filters on, so the count of the
 *   unconfirmed accounts' applications that match reads this index alone;
 * - enquiries_kind_year, enquiries_kind_name, enquiries_kind_email: a year of study, a name or an address among one
 *   kind. Each begins with the kind, as SQLite's planner (without statistics: the server never runs ANALYZE) always
 *   prefers an index that matches kind = ? to one that matches a name's range alone, and then reads every application.
 */
export function applicationBoardIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`create index users_unconfirmed on users (id) where email_confirmed_at is null`.execute(db);
      await db.schema
        .createIndex('enquiries_kind_user')
        .on('enquiries')
        .columns(['kind', 'user_id', 'status', 'programme_id', 'year_of_study', 'status_at', 'received_at'])
        .execute();
      await db.schema.createIndex('enquiries_kind_year').on('enquiries').columns(['kind', 'year_of_study', 'status']).execute();
      await sql`create index enquiries_kind_name on enquiries (kind, lower(name))`.execute(db);
      await db.schema.createIndex('enquiries_kind_email').on('enquiries').columns(['kind', 'email_normalized']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of ['enquiries_kind_email', 'enquiries_kind_name', 'enquiries_kind_year', 'enquiries_kind_user', 'users_unconfirmed']) {
        await db.schema.dropIndex(index).execute();
      }
    },
  };
}
