import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

export function initial(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('certificates')
        .addColumn('certificate_id', 'text', (c) => c.primaryKey())
        .addColumn('student_name', 'text', (c) => c.notNull())
        .addColumn('reg_no', 'text', (c) => c.notNull())
        .addColumn('college', 'text', (c) => c.notNull())
        .addColumn('course_name', 'text', (c) => c.notNull())
        .addColumn('marks', 'text', (c) => c.notNull())
        .addColumn('issue_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      const users = db.schema.createTable('users');
      await (dialect === 'postgres'
        ? users.addColumn('id', 'serial', (c) => c.primaryKey())
        : users.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('registration_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('site_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['site_state', 'sessions', 'users', 'certificates']) await db.schema.dropTable(table).execute();
    },
  };
}
