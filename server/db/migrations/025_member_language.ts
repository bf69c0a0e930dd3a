import type { Kysely } from 'kysely';

/**
 * The language a member reads the site in (issue 36): set at sign-up from the page she signed up on, changed when she
 * switches language; her mails (confirmation, new password, application updates) are written in it.
 */
export function memberLanguage() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('language').execute();
    },
  };
}
