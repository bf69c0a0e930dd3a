import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The staff console (issue 25):
 * - staff_members: the accounts that hold a staff role (owner, staff, viewer), each with its TOTP secret once set
 *   up, and the last time step used (a code is good once);
 * - staff_recovery_codes: SHA-256 of each recovery code, used once;
 * - staff_invitations: single-use links (only their SHA-256), with an expiry;
 * - staff_sessions: the console's own sessions, shorter than a member's, holding when the second factor was passed;
 * - staff_audit: every staff action, appended only (nothing in the code updates or deletes a row);
 * - enquiries.status and enquiry_notes: where each enquiry stands and who said what about it.
 * Indexes for the console's lists: enquiries by status, kind and course in time order, by name; certificates by
 * name and in the order they were issued.
 */
export function staff(dialect: Dialect) {
  const withId = (builder: CreateTableBuilder<string, never>) =>
    dialect === 'postgres'
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('staff_members')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addColumn('added_by', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('totp_confirmed_at', 'text')
        .addColumn('totp_last_step', 'integer')
        .execute();
      await db.schema
        .createTable('staff_recovery_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_members.user_id').onDelete('cascade'))
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('staff_recovery_codes_user').on('staff_recovery_codes').column('user_id').execute();
      await withId(db.schema.createTable('staff_invitations'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('staff_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_members.user_id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('second_factor_at', 'text')
        .execute();
      await db.schema.createIndex('staff_sessions_user').on('staff_sessions').column('user_id').execute();
      await withId(db.schema.createTable('staff_audit'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('detail', 'text')
        .addColumn('client', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_audit_at').on('staff_audit').columns(['at', 'id']).execute();

      await db.schema
        .alterTable('enquiries')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .execute();
      await db.schema.createIndex('enquiries_status').on('enquiries').columns(['status', 'received_at']).execute();
      await db.schema.createIndex('enquiries_kind').on('enquiries').columns(['kind', 'received_at']).execute();
      await db.schema.createIndex('enquiries_course').on('enquiries').columns(['course_id', 'kind', 'received_at']).execute();
      await sql`create index enquiries_name on enquiries (lower(name))`.execute(db);
      await withId(db.schema.createTable('enquiry_notes'))
        .addColumn('enquiry_id', 'integer', (c) => c.notNull().references('enquiries.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('status_from', 'text')
        .addColumn('status_to', 'text')
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('enquiry_notes_enquiry').on('enquiry_notes').columns(['enquiry_id', 'at']).execute();

      await sql`create index certificates_name on certificates (lower(student_name))`.execute(db);
      await db.schema.createIndex('certificates_created').on('certificates').columns(['created_at', 'certificate_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('certificates_created').execute();
      await db.schema.dropIndex('certificates_name').execute();
      await db.schema.dropTable('enquiry_notes').execute();
      for (const index of ['enquiries_name', 'enquiries_course', 'enquiries_kind', 'enquiries_status']) await db.schema.dropIndex(index).execute();
      await db.schema.alterTable('enquiries').dropColumn('status').execute();
      await db.schema.dropTable('staff_audit').execute();
      await db.schema.dropTable('staff_sessions').execute();
      await db.schema.dropTable('staff_invitations').execute();
      await db.schema.dropTable('staff_recovery_codes').execute();
      await db.schema.dropTable('staff_members').execute();
    },
  };
}
