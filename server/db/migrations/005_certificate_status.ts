import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * What verifiers need beyond the printed fields: the key a typed ID is matched
 * by (any separator, any case), the status (valid or revoked, with when and
 * why), when the details were last corrected, whether it is a sample, and a
 * record of every change; plus the table that budgets the lookups that find
 * nothing, per client, so IDs cannot be guessed in bulk.
 */
export function certificateStatus(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [column, type] of [
        ['lookup_key', 'text'],
        ['revoked_at', 'text'],
        ['revocation_reason', 'text'],
        ['corrected_at', 'text'],
      ] as const) {
        await db.schema.alterTable('certificates').addColumn(column, type).execute();
      }
      await db.schema
        .alterTable('certificates')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('valid'))
        .execute();
      await db.schema
        .alterTable('certificates')
        .addColumn('sample', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      // Every certificate so far was imported under the pattern letters, year, slash, digits: its key is the ID
      // without the slash (what certificateLookupKey gives), so one statement sets them all, a million included.
      await sql`update certificates set lookup_key = upper(replace(replace(replace(replace(certificate_id, ' ', ''), '-', ''), '/', ''), '.', ''))`.execute(db);
      await db.schema.createIndex('certificates_lookup_key').unique().on('certificates').column('lookup_key').execute();

      // The demo certificates a first start loaded, where they are still exactly as loaded, are samples.
      const demo = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'demoCertificates.json'), 'utf8')) as Record<string, string>[];
      for (const c of demo) {
        await sql`update certificates set sample = 1 where certificate_id = ${c['certificateID']} and student_name = ${c['studentName']} and reg_no = ${c['regNo']}
          and college = ${c['college']} and course_name = ${c['courseName']} and marks = ${c['marks']} and issue_date = ${c['issueDate']}`.execute(db);
      }

      const events = db.schema.createTable('certificate_events');
      await (dialect === 'postgres'
        ? events.addColumn('id', 'serial', (c) => c.primaryKey())
        : events.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('certificate_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('certificate_events_certificate').on('certificate_events').columns(['certificate_id', 'at']).execute();

      await db.schema
        .createTable('lookup_misses')
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('misses', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lookup_misses_pk', ['client', 'window_start'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('lookup_misses').execute();
      await db.schema.dropTable('certificate_events').execute();
      await db.schema.dropIndex('certificates_lookup_key').execute();
      for (const column of ['sample', 'status', 'corrected_at', 'revocation_reason', 'revoked_at', 'lookup_key']) {
        await db.schema.alterTable('certificates').dropColumn(column).execute();
      }
    },
  };
}
