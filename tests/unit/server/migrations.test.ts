import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrations, openDatabase } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/schema.ts';
import { allCertificates, findCertificate, printedFields, upsertCertificates } from '../../../server/repositories/certificates.ts';
import { demoCertificate } from '../../support/apiApp.ts';
import { backends } from '../../support/databases.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function migrator(db: Kysely<Database>, dialect: DatabaseHandle['dialect']): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  return new Migrator({ db, provider });
}

/** A certificate written as the code of an older migration wrote it: the printed fields and two timestamps. */
async function insertOld(db: Kysely<Database>, certificate: ReturnType<typeof demoCertificate>) {
  const c = certificate;
  await sql`insert into certificates (certificate_id, student_name, reg_no, college, course_name, marks, issue_date, created_at, updated_at)
    values (${c.certificateID}, ${c.studentName}, ${c.regNo}, ${c.college}, ${c.courseName}, ${c.marks}, ${c.issueDate}, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')`.execute(
    db,
  );
}

async function databaseAt(migration: string): Promise<{ file: string; old: Kysely<Database> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  dirs.push(dir);
  const file = path.join(dir, 'site.db');
  const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file) }) });
  const { error } = await migrator(old, 'sqlite').migrateTo(migration);
  expect(error).toBeUndefined();
  return { file, old };
}

/** The version triggers and the counter's row, as SQLite holds them. */
async function versionCounter(db: Kysely<Database>) {
  const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' order by name`.execute(db);
  const row = await db.selectFrom('site_state').select('value').where('key', '=', 'certificates_version').executeTakeFirst();
  return { triggers: triggers.rows.map((t) => t.name), value: row?.value };
}

describe('004_drop_certificates_version', () => {
  it('on a database migrated before it (to 003), drops the triggers and the counter and keeps the certificates', async () => {
    const { file, old } = await databaseAt('003_certificates_version');
    await insertOld(old, demoCertificate());
    expect(await versionCounter(old)).toEqual({
      triggers: ['certificates_version_delete', 'certificates_version_insert', 'certificates_version_update'],
      value: '1',
    });
    await old.destroy();

    const handle = await openDatabase({ sqliteFile: file });
    try {
      expect(await versionCounter(handle.db)).toEqual({ triggers: [], value: undefined });
      expect((await allCertificates(handle.db)).map(printedFields)).toEqual([demoCertificate()]);
      // Writes go on as before, now without the counter.
      await upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25/123457' })]);
      expect(await allCertificates(handle.db)).toHaveLength(2);

      // down() puts them back, for a return to the code that used them.
      const { error: downError } = await migrator(handle.db, 'sqlite').migrateTo('003_certificates_version');
      expect(downError).toBeUndefined();
      expect((await versionCounter(handle.db)).triggers).toHaveLength(3);
      const { rows } = await sql<{ n: number }>`select count(*) as n from certificates`.execute(handle.db);
      expect(Number(rows[0]!.n)).toBe(2);
    } finally {
      await handle.close();
    }
  });
});

describe('005_certificate_status', () => {
  it('gives every certificate its lookup key and a valid status, and marks the untouched demo certificates as samples', async () => {
    const { file, old } = await databaseAt('004_drop_certificates_version');
    const real = demoCertificate({ certificateID: 'IC25/700001', studentName: 'A Real Student' });
    await insertOld(old, demoCertificate({ college: 'National Institute of Technology Patna' }));
    await insertOld(old, real);
    await old.destroy();
    const handle = await openDatabase({ sqliteFile: file });
    try {
      expect(await findCertificate(handle.db, 'ic25 123456')).toMatchObject({ certificateID: 'IC25/123456', status: 'valid', sample: true });
      expect(await findCertificate(handle.db, 'IC25-700001')).toMatchObject({
        certificateID: 'IC25/700001',
        status: 'valid',
        sample: false,
        correctedAt: null,
      });
    } finally {
      await handle.close();
    }
  });

  it.each(backends())('goes down and up again on $name, data kept', async (backend) => {
    const { handle, dispose } = await backend.open();
    try {
      await upsertCertificates(handle.db, [demoCertificate()]);
      // Down to 004 takes the later migrations down with it, 005 last; up brings them all back, 005 first.
      const down = await migrator(handle.db, handle.dialect).migrateTo('004_drop_certificates_version');
      expect(down.error).toBeUndefined();
      expect(down.results?.at(-1)).toMatchObject({ migrationName: '005_certificate_status', direction: 'Down', status: 'Success' });
      const up = await migrator(handle.db, handle.dialect).migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(up.results?.[0]).toMatchObject({ migrationName: '005_certificate_status', direction: 'Up', status: 'Success' });
      expect(up.results?.map((r) => r.migrationName)).toEqual(down.results?.map((r) => r.migrationName).reverse());
      expect((await allCertificates(handle.db)).map(printedFields)).toEqual([demoCertificate()]);
      expect(await findCertificate(handle.db, 'IC25 123456')).toMatchObject({ certificateID: 'IC25/123456' });
    } finally {
      await dispose();
    }
  });
});
