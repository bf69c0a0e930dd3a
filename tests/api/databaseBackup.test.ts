import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { runDb } from '../../server/cli/db.ts';
import { migrations, openDatabase } from '../../server/db/database.ts';
import { setCertificateStatus, upsertCertificates } from '../../server/features/certificates/repository.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { runCli } from '../support/cli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** npm run db -- …, as an operator runs it (in this process), against the SQLite file given. */
async function db(sqliteFile: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const { code, stdout, stderr } = await runCli(runDb, args, { SQLITE_FILE: sqliteFile });
  return { code, out: stdout + stderr };
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  dirs.push(dir);
  return dir;
}

describe('npm run db -- backup and restore', () => {
  it('copies the database while the server runs and writes, and a restored copy verifies the certificate it held', async () => {
    const dir = tempDir();
    const live = path.join(dir, 'site.db');
    const backupFile = path.join(dir, 'backup.db');
    const handle = await openDatabase({ sqliteFile: live });
    const app = await apiApp(handle, { certificates: [demoCertificate()] });
    const verify = async () =>
      (await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['IC25/123456'] } })).json();

    // Sign-ups keep arriving while the backup runs.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const email = `student${written}@example.com`;
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          headers: json,
          payload: JSON.stringify({ fullName: 'S', email, password: 'secret1' }),
        });
        expect(response.statusCode).toBe(201);
        written++;
      }
    })();
    const backedUp = await db(live, 'backup', backupFile);
    writing = false;
    await writes;
    expect(backedUp.code).toBe(0);
    expect(backedUp.out).toMatch(/^Backed up .* to .*backup\.db: 1 certificates, \d+ accounts\.\n$/);
    expect(written).toBeGreaterThan(0);

    // Then the live certificate is revoked and the accounts change: the backup still has it as it was.
    await setCertificateStatus(handle.db, 'IC25/123456', { status: 'revoked', reason: 'Issued in error' });
    expect((await verify())[0].status).toBe('revoked');

    const restored = await db(live, 'restore', backupFile);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain('Kept the database as it was in');
    expect(restored.out).toMatch(/Restored .*backup\.db into .*site\.db: 1 certificates, \d+ accounts\./);
    // The running server reads the restored data; so does a fresh one.
    expect((await verify())[0]).toMatchObject({ certificateID: 'IC25/123456', status: 'valid' });
    await app.close();
    await handle.close();
    const reopened = await openDatabase({ sqliteFile: live });
    const fresh = await apiApp(reopened);
    const answer = (
      await fresh.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['ic25 123456'] } })
    ).json();
    expect(answer[0]).toMatchObject({ certificateID: 'IC25/123456', studentName: 'Aarav Sharma', status: 'valid' });
    await fresh.close();
    await reopened.close();
    // And the database as it was before the restore is beside it, revoked certificate and all.
    const aside = fs.readdirSync(dir).find((name) => name.startsWith('site.db.before-restore-'));
    expect(aside).toBeDefined();
  });

  it('refuses to overwrite an existing backup, and to restore a file that is not a database of this site, changing nothing', async () => {
    const dir = tempDir();
    const live = path.join(dir, 'site.db');
    const handle = await openDatabase({ sqliteFile: live });
    await upsertCertificates(handle.db, [demoCertificate()]);
    await handle.close();
    const before = fs.readFileSync(live);

    const existing = path.join(dir, 'taken.db');
    fs.writeFileSync(existing, 'keep me');
    const overwrite = await db(live, 'backup', existing);
    expect(overwrite.code).toBe(1);
    expect(overwrite.out).toContain('already exists');
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');

    const notADatabase = path.join(dir, 'notes.txt');
    fs.writeFileSync(notADatabase, 'not a database');
    const refused = await db(live, 'restore', notADatabase);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('cannot be restored');
    expect(refused.out).toContain('Nothing was changed.');
    expect(fs.readFileSync(live).equals(before)).toBe(true);

    const missing = await db(live, 'restore', path.join(dir, 'nope.db'));
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('There is no file');
  });

  it('points to pg_dump and pg_restore for PostgreSQL', async () => {
    const { stderr } = await runCli(runDb, ['backup', 'site.dump'], { DATABASE_URL: 'postgres://example.invalid/site' });
    expect(stderr).toContain('pg_dump --format=custom --file=site.dump "$DATABASE_URL"');
  });
});

describe('npm run db -- restore checks the whole schema first', () => {
  /** A live database with a certificate, and what its file holds, to show a refused restore changed nothing. */
  async function liveDatabase() {
    const dir = tempDir();
    const live = path.join(dir, 'site.db');
    const handle = await openDatabase({ sqliteFile: live });
    await upsertCertificates(handle.db, [demoCertificate()]);
    await handle.close();
    return { dir, live, before: fs.readFileSync(live) };
  }

  /** A backup as `npm run db -- backup` makes it, then changed by `change` (raw SQL on the copy). */
  async function changedBackup(dir: string, live: string, change: (database: BetterSqlite3.Database) => void) {
    const file = path.join(dir, `backup-${Math.random().toString(36).slice(2)}.db`);
    expect((await db(live, 'backup', file)).code).toBe(0);
    const copy = new BetterSqlite3(file);
    change(copy);
    copy.close();
    return file;
  }

  it('refuses a database of two empty tables, saying what it lacks, and changes nothing', async () => {
    const { dir, live, before } = await liveDatabase();
    const file = path.join(dir, 'two-tables.db');
    const forged = new BetterSqlite3(file);
    forged.exec('create table kysely_migration (name varchar(255) primary key, timestamp varchar(255)); create table certificates (certificate_id text)');
    forged.close();
    const refused = await db(live, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${file} cannot be restored: it lacks what this version's database has (`);
    expect(refused.out).toContain('column certificates.student_name');
    for (const table of ['users', 'sessions', 'site_state', 'enquiries', 'referrals', 'limit_counts']) expect(refused.out).toContain(`table ${table}`);
    expect(refused.out).toContain('cannot be brought up to date');
    expect(refused.out).toContain('Nothing was changed.');
    expect(fs.readFileSync(live).equals(before)).toBe(true);
  });

  it('refuses a database whose migrations are all recorded but whose tables, columns or keys are not all there', async () => {
    const { dir, live, before } = await liveDatabase();
    const cases: [string, (database: BetterSqlite3.Database) => void, string][] = [
      ['a table dropped', (d) => d.exec('drop table limit_counts'), "it lacks what this version's database has: table limit_counts."],
      ['a column dropped', (d) => d.exec('alter table users drop column registration_no'), 'column users.registration_no'],
      ['an index dropped', (d) => d.exec('drop index sessions_expires_at'), 'index sessions_expires_at on sessions'],
      ['a table remade without its keys', (d) => d.exec('drop table site_state; create table site_state (key text, value text)'), 'unique key site_state(key)'],
    ];
    for (const [what, change, sentence] of cases) {
      const file = await changedBackup(dir, live, change);
      const refused = await db(live, 'restore', file);
      expect([what, refused.code]).toEqual([what, 1]);
      expect(refused.out).toContain(sentence);
      expect(refused.out).toContain('Nothing was changed.');
      expect(fs.readFileSync(live).equals(before)).toBe(true);
    }
  });

  it('refuses a backup holding a trigger, view, index or table this version does not make, naming it, and changes nothing', async () => {
    const { dir, live, before } = await liveDatabase();
    const cases: [string, string, string][] = [
      // The audit's trap: the next public sign-up became an owner of the console.
      [
        'a trigger that makes every new account an owner',
        "create trigger make_owner after insert on users begin insert into staff_members (user_id, role, added_at, added_by) values (new.id, 'owner', 'now', 'trap'); end",
        "it holds what this version's migrations do not make: trigger make_owner on users.",
      ],
      [
        'a trigger that deletes audit rows',
        'create trigger forget after insert on staff_audit begin delete from staff_audit; end',
        'trigger forget on staff_audit',
      ],
      ['a view', 'create view everyone as select email, password_hash from users', 'view everyone'],
      ['an index', 'create index users_by_name on users (full_name)', 'index users_by_name on users'],
      ['a table', 'create table notes (text text)', 'table notes'],
      // A table of this version's, defined otherwise: a new account's role by default, say.
      [
        'a table remade with another default',
        "drop table staff_invitations; create table staff_invitations (id integer primary key autoincrement, email text not null, email_normalized text not null, role text not null default 'owner', invited_by text not null, created_at text not null, expires_at text not null, token_hash text unique, used_at text)",
        "it defines otherwise than this version's migrations do: table staff_invitations.",
      ],
    ];
    for (const [what, change, sentence] of cases) {
      const file = await changedBackup(dir, live, (d) => d.exec(change));
      const refused = await db(live, 'restore', file);
      expect([what, refused.code]).toEqual([what, 1]);
      expect(refused.out, what).toContain(`${file} cannot be restored: `);
      expect(refused.out, what).toContain(sentence);
      expect(refused.out, what).toContain('Nothing was changed.');
      expect(fs.readFileSync(live).equals(before), what).toBe(true);
      expect(
        fs.readdirSync(dir).filter((name) => name.includes('before-restore')),
        what,
      ).toEqual([]);
    }
  });

  it('refuses a backup an older version made that holds an added trigger, once brought up to date', async () => {
    const { dir, live, before } = await liveDatabase();
    const older = path.join(dir, 'older-trapped.db');
    const sqlite = new BetterSqlite3(older);
    const kysely = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = migrations('sqlite');
    const names = Object.keys(all);
    const provider: MigrationProvider = { getMigrations: async () => Object.fromEntries(names.slice(0, -1).map((name) => [name, all[name]!])) };
    expect((await new Migrator({ db: kysely, provider }).migrateToLatest()).error).toBeUndefined();
    await kysely.destroy();
    const trap = new BetterSqlite3(older);
    trap.exec("create trigger make_admin after insert on users begin update users set full_name = 'owned' where id = new.id; end");
    trap.close();
    const refused = await db(live, 'restore', older);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("it holds what this version's migrations do not make: trigger make_admin on users");
    expect(fs.readFileSync(live).equals(before)).toBe(true);
  });

  it('restores a database whose migrations ran in another order (a branch’s before an older one), as the server allows', async () => {
    const { dir, live } = await liveDatabase();
    const file = path.join(dir, 'unordered.db');
    const sqlite = new BetterSqlite3(file);
    const kysely = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = migrations('sqlite');
    // 013 before 011, as a database that ran the staff branch before the programme branch landed. (No two
    // migrations of today add columns to one table in either order, where the tables' SQL would differ too.)
    const first = Object.fromEntries(Object.entries(all).filter(([name]) => name !== '011_certificate_programme'));
    expect(
      (await new Migrator({ db: kysely, provider: { getMigrations: async () => first }, allowUnorderedMigrations: true }).migrateToLatest()).error,
    ).toBeUndefined();
    const everything: MigrationProvider = { getMigrations: async () => all };
    expect((await new Migrator({ db: kysely, provider: everything, allowUnorderedMigrations: true }).migrateToLatest()).error).toBeUndefined();
    await kysely.destroy();
    const restored = await db(live, 'restore', file);
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);
  });

  it('refuses a backup a newer version made, naming its migrations', async () => {
    const { dir, live, before } = await liveDatabase();
    const file = await changedBackup(dir, live, (d) =>
      d.prepare("insert into kysely_migration (name, timestamp) values ('999_from_the_future', '2030-01-01')").run(),
    );
    const refused = await db(live, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('it was made by a newer version of the site (its migrations 999_from_the_future are unknown here)');
    expect(fs.readFileSync(live).equals(before)).toBe(true);
  });

  it('brings a backup an older version made up to date, in a copy, and restores that', async () => {
    const { dir, live } = await liveDatabase();
    // A backup made before the last migration: the database as the version before it left it.
    const older = path.join(dir, 'older.db');
    const sqlite = new BetterSqlite3(older);
    const kysely = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = migrations('sqlite');
    const names = Object.keys(all);
    const provider: MigrationProvider = { getMigrations: async () => Object.fromEntries(names.slice(0, -1).map((name) => [name, all[name]!])) };
    const { error } = await new Migrator({ db: kysely, provider }).migrateToLatest();
    expect(error).toBeUndefined();
    await upsertCertificates(kysely as never, [demoCertificate({ certificateID: 'IC24/998701', studentName: 'Older Backup' })]);
    await kysely.destroy();
    const untouched = fs.readFileSync(older);

    const restored = await db(live, 'restore', older);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`${older} was made by an older version: brought up to date in a copy (${names.at(-1)}).`);
    expect(fs.readFileSync(older).equals(untouched)).toBe(true);
    const handle = await openDatabase({ sqliteFile: live });
    const app = await apiApp(handle);
    const answer = (await app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['IC24/998701'] } })).json();
    expect(answer[0]).toMatchObject({ certificateID: 'IC24/998701', studentName: 'Older Backup' });
    await app.close();
    await handle.close();
  });
});
