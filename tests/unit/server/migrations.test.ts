import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrations, openDatabase } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/schema.ts';
import { allCertificates, findCertificate, printedFields, upsertCertificates } from '../../../server/features/certificates/repository.ts';
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

describe('006_enquiries_accounts', () => {
  it('gives every account made before it a referral code of its own, and goes down and up again', async () => {
    const { file, old } = await databaseAt('005_certificate_status');
    for (const n of [1, 2, 3])
      await sql`insert into users (full_name, registration_no, email, email_normalized, password_hash, created_at)
        values (${`Member ${n}`}, '', ${`m${n}@example.com`}, ${`m${n}@example.com`}, 'scrypt$x', '2026-01-01T00:00:00Z')`.execute(old);
    await old.destroy();

    const handle = await openDatabase({ sqliteFile: file });
    try {
      const codes = (await handle.db.selectFrom('users').select('referral_code').execute()).map((u) => u.referral_code);
      expect(codes).toHaveLength(3);
      for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(new Set(codes).size).toBe(3);

      const down = await migrator(handle.db, 'sqlite').migrateTo('005_certificate_status');
      expect(down.error).toBeUndefined();
      const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name in ('enquiries', 'referrals')`.execute(
        handle.db,
      );
      expect(rows).toEqual([]);
      const up = await migrator(handle.db, 'sqlite').migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await handle.db.selectFrom('users').select('id').execute()).toHaveLength(3);
    } finally {
      await handle.close();
    }
  });
  it('is applied to a database that has 007_limit_counts already (main ran it first): unordered migrations are allowed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    dirs.push(dir);
    const file = path.join(dir, 'site.db');
    const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file) }) });
    // 006 left out, and every migration after 007 (they came later on main).
    const withoutEnquiries = Object.fromEntries(
      Object.entries(migrations('sqlite')).filter(([name]) => name !== '006_enquiries_accounts' && name <= '007_limit_counts'),
    );
    const first = await new Migrator({ db: old, provider: { getMigrations: async () => withoutEnquiries } }).migrateToLatest();
    expect(first.error).toBeUndefined();
    expect(first.results?.at(-1)?.migrationName).toBe('007_limit_counts');
    await old.destroy();

    const handle = await openDatabase({ sqliteFile: file });
    try {
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations('sqlite')).sort());
      expect(await handle.db.selectFrom('enquiries').select('id').execute()).toEqual([]);
      expect(await handle.db.selectFrom('limit_counts').select('key').execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe('011_certificate_programme', () => {
  it('adds the programme columns, gives the sample certificates a first start loaded their programmes, and leaves issued ones as they were', async () => {
    const { file, old } = await databaseAt('009_one_limit_table');
    await insertOld(old, demoCertificate({ courseName: 'Web Development Internship' }));
    await insertOld(old, demoCertificate({ certificateID: 'IC25/555001', studentName: 'Neha Gupta' }));
    await sql`update certificates set lookup_key = upper(replace(certificate_id, '/', ''))`.execute(old);
    await sql`update certificates set sample = 1 where certificate_id = 'IC25/123456'`.execute(old);
    await old.destroy();

    const handle = await openDatabase({ sqliteFile: file });
    try {
      const [sample, issued] = await allCertificates(handle.db);
      expect(sample).toMatchObject({
        certificateID: 'IC25/123456',
        kind: 'internship',
        programme: 'webDevelopment',
        startDate: '2025-01-06',
        endDate: '2025-03-02',
      });
      expect(issued).toMatchObject({ certificateID: 'IC25/555001', studentName: 'Neha Gupta' });
      for (const field of ['kind', 'programme', 'startDate', 'endDate', 'durationWeeks', 'description', 'skills']) expect(issued).not.toHaveProperty(field);
    } finally {
      await handle.close();
    }
  });
});
