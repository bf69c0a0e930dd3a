import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrations, openDatabase } from '../../../server/db/database.ts';
import type { Database } from '../../../server/db/schema.ts';
import { allCertificates, upsertCertificates } from '../../../server/repositories/certificates.ts';
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

/** The version triggers and the counter's row, as SQLite holds them. */
async function versionCounter(db: Kysely<Database>) {
  const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' order by name`.execute(db);
  const row = await db.selectFrom('site_state').select('value').where('key', '=', 'certificates_version').executeTakeFirst();
  return { triggers: triggers.rows.map((t) => t.name), value: row?.value };
}

describe('004_drop_certificates_version', () => {
  it('on a database migrated before it (to 003), drops the triggers and the counter and keeps the certificates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    dirs.push(dir);
    const file = path.join(dir, 'site.db');
    const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file) }) });
    const { error } = await migrator(old, 'sqlite').migrateTo('003_certificates_version');
    expect(error).toBeUndefined();
    await upsertCertificates(old, [demoCertificate()]);
    expect(await versionCounter(old)).toEqual({
      triggers: ['certificates_version_delete', 'certificates_version_insert', 'certificates_version_update'],
      value: '1',
    });
    await old.destroy();

    const handle = await openDatabase({ sqliteFile: file });
    try {
      expect(await versionCounter(handle.db)).toEqual({ triggers: [], value: undefined });
      expect(await allCertificates(handle.db)).toEqual([demoCertificate()]);
      // Writes go on as before, now without the counter.
      await upsertCertificates(handle.db, [demoCertificate({ certificateID: 'IC25/123457' })]);
      expect(await allCertificates(handle.db)).toHaveLength(2);

      // down() puts them back, for a return to the code that used them.
      const { error: downError } = await migrator(handle.db, 'sqlite').migrateDown();
      expect(downError).toBeUndefined();
      expect((await versionCounter(handle.db)).triggers).toHaveLength(3);
      expect(await allCertificates(handle.db)).toHaveLength(2);
    } finally {
      await handle.close();
    }
  });

  it.each(backends())('goes down and up again on $name, data kept', async (backend) => {
    const { handle, dispose } = await backend.open();
    try {
      await upsertCertificates(handle.db, [demoCertificate()]);
      const down = await migrator(handle.db, handle.dialect).migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([['004_drop_certificates_version', 'Down', 'Success']]);
      const up = await migrator(handle.db, handle.dialect).migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(up.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([['004_drop_certificates_version', 'Up', 'Success']]);
      expect(await allCertificates(handle.db)).toEqual([demoCertificate()]);
    } finally {
      await dispose();
    }
  });
});
