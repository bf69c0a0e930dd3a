import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect.ts';
import { initial } from './migrations/001_initial.ts';
import { certificatesClustered } from './migrations/002_certificates_clustered.ts';
import { certificatesVersion } from './migrations/003_certificates_version.ts';
import { dropCertificatesVersion } from './migrations/004_drop_certificates_version.ts';
import { certificateStatus } from './migrations/005_certificate_status.ts';
import { enquiriesAccounts } from './migrations/006_enquiries_accounts.ts';
import { limitCounts } from './migrations/007_limit_counts.ts';
import { limitWindowsPerClient } from './migrations/008_limit_windows_per_client.ts';
import { oneLimitTable } from './migrations/009_one_limit_table.ts';
import { confirmedMailAndReviewedReferrals } from './migrations/010_confirmed_mail_and_reviewed_referrals.ts';
import { certificateProgramme } from './migrations/011_certificate_programme.ts';
import { staff } from './migrations/013_staff.ts';
import { referralClients } from './migrations/014_referral_clients.ts';
import { oneEnquiryModel } from './migrations/020_one_enquiry_model.ts';
import { applicationBoardIndexes } from './migrations/021_application_board_indexes.ts';
import { orders } from './migrations/022_orders.ts';
import { ordersNewestFirst } from './migrations/023_orders_newest_first.ts';
import { payoutBatches } from './migrations/024_payout_batches.ts';
import { memberLanguage } from './migrations/025_member_language.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data is: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  /** Why writes would be lost right now (the file deleted, replaced or read-only under the server), or undefined. */
  unwritable(): string | undefined;
  close(): Promise<void>;
}

/** The configured database was there before and is gone: starting with an empty one would lose everything silently. */
export class DatabaseMissingError extends Error {
  constructor(file: string, marker: string) {
    super(
      `The database ${file} is missing, but one was created there before (${marker} says when). Restore it from a backup ` +
        `(npm run db -- restore FILE), or, to start again with an empty database, set CREATE_DATABASE=1 for one start.`,
    );
    this.name = 'DatabaseMissingError';
  }
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** The SQLite file (":memory:" for tests); defaults to .data/site.db. */
  sqliteFile?: string | undefined;
  /** Create the SQLite file even though one was there before and is now missing (CREATE_DATABASE=1). */
  create?: boolean;
  /** Migrate only up to this migration (a database as an earlier release left it; tests of a migration). */
  migrateTo?: string;
}

/** Versioned migrations, in order; one set for both databases. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_certificates_clustered': certificatesClustered(dialect),
    '003_certificates_version': certificatesVersion(dialect),
    '004_drop_certificates_version': dropCertificatesVersion(dialect),
    '005_certificate_status': certificateStatus(dialect),
    '006_enquiries_accounts': enquiriesAccounts(dialect),
    '007_limit_counts': limitCounts(),
    '008_limit_windows_per_client': limitWindowsPerClient(),
    '009_one_limit_table': oneLimitTable(),
    '010_confirmed_mail_and_reviewed_referrals': confirmedMailAndReviewedReferrals(dialect),
    '011_certificate_programme': certificateProgramme(),
    // No 012: the staff migration was numbered 013 when it was written, and databases made since know it by that name.
    '013_staff': staff(dialect),
    '020_one_enquiry_model': oneEnquiryModel(dialect),
    '021_application_board_indexes': applicationBoardIndexes(),
    '022_orders': orders(dialect),
    '023_orders_newest_first': ordersNewestFirst(),
    '014_referral_clients': referralClients(),
    '024_payout_batches': payoutBatches(dialect),
    '025_member_language': memberLanguage(),
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres (unparsable URL)';
  }
}

export function defaultSqliteFile(root = process.cwd()): string {
  return path.join(root, '.data', 'site.db');
}

/**
 * The embedded database holds the credential signing key, the link secret, sessions and every account: only the
 * server's user may read it. A folder made for it is 0700; the file, its -wal and -shm files (SQLite gives those
 * the database file's mode when it makes them) and the marker beside it are 0600, when made and each time the
 * database is opened, so a file left readable by an older version or a copy is closed again. A folder that was
 * there already (/var/lib/…, a home folder) is left as its owner set it.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

export function makePrivateFolder(dir: string): void {
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
}

/** Makes the file 0600 if it exists (and says whether it did). */
export function keepPrivate(file: string): boolean {
  try {
    fs.chmodSync(file, PRIVATE_FILE);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Creates an empty file only the server's user can read, refusing one that exists (a backup never overwrites). */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE));
}

function keepDatabasePrivate(file: string): void {
  for (const part of [file, `${file}-wal`, `${file}-shm`, markerOf(file)]) keepPrivate(part);
}

/** Beside the database file, written when it is created: its being there says a database existed here. */
function markerOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.created`);
}

/**
 * What could make SQLite writes vanish while the server runs: a deleted file
 * (the open handle goes on writing into it, and everything is gone at the next
 * start), a file replaced by another, or one that can no longer be written.
 * One stat a check; the server checks before every request that writes.
 */
function sqliteWatch(file: string): () => string | undefined {
  const marker = markerOf(file);
  if (!fs.existsSync(marker)) fs.writeFileSync(marker, `${new Date().toISOString()}\n`, { mode: PRIVATE_FILE });
  const opened = fs.statSync(file).ino;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return `the database file ${file} is gone`;
    }
    if (stat.ino !== opened) return `the database file ${file} was replaced while the server ran`;
    try {
      fs.accessSync(file, fs.constants.W_OK);
    } catch {
      return `the database file ${file} cannot be written`;
    }
    return undefined;
  };
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const url = options.databaseUrl;
  let handle: DatabaseHandle;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A restart, failover or pg_terminate_backend closes idle connections, which pg reports here: unheard, it would
    // stop the server. The pool has dropped the connection already and the next query opens a new one.
    pool.on('error', (error: Error & { code?: string }) => {
      console.warn(`PostgreSQL closed an idle connection (${error.code ?? 'no code'}: ${error.message}); the next query opens a new one.`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // PostgreSQL reports its own failures on each query; there is no file to lose under the server.
    handle = { db, dialect: 'postgres', location: redact(url), unwritable: () => undefined, close: () => db.destroy() };
  } else {
    const file = options.sqliteFile ?? defaultSqliteFile();
    if (file !== ':memory:') {
      makePrivateFolder(path.dirname(file));
      const marker = markerOf(file);
      if (!fs.existsSync(file) && fs.existsSync(marker) && !options.create) throw new DatabaseMissingError(file, marker);
      // Made here, 0600, before SQLite opens it: SQLite would make it with the process's umask (0644, readable by all).
      fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
      keepDatabasePrivate(file);
    }
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Reads straight from the OS page cache instead of copying pages: lookups in a large certificate table stay fast.
    sqlite.pragma('mmap_size = 268435456');
    // WAL mode has made the -wal and -shm files by now (with the database's mode); any left from before are closed too.
    if (file !== ':memory:') keepDatabasePrivate(file);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    handle = { db, dialect: 'sqlite', location: file, unwritable: file === ':memory:' ? () => undefined : sqliteWatch(file), close: () => db.destroy() };
  }
  await migrate(handle, options.migrateTo);
  return handle;
}

/**
 * An embedded database file (or ":memory:", a fresh one) migrated to this version, handed to `use` while open,
 * then closed: what `npm run db -- restore` compares a backup with, and how it brings an older backup up to date.
 * `firstInOrder` names migrations to run first, one after another in that order, as a database that ran a
 * branch's migration before an older one did (allowed, see migrate): its tables' SQL is then written as theirs is.
 */
export async function withMigratedSqlite<T>(file: string, use: (sqlite: BetterSqlite3.Database) => T, firstInOrder: readonly string[] = []): Promise<T> {
  const sqlite = new BetterSqlite3(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const all = migrations('sqlite');
    const known = firstInOrder.filter((name) => name in all);
    for (let i = 0; i < known.length; i++) {
      const some = Object.fromEntries(known.slice(0, i + 1).map((name) => [name, all[name]!]));
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => some }, allowUnorderedMigrations: true }).migrateToLatest();
      if (error) throw error;
    }
    await migrate({ db, dialect: 'sqlite', location: file, unwritable: () => undefined, close: () => db.destroy() });
    return use(sqlite);
  } finally {
    await db.destroy();
    if (sqlite.open) sqlite.close();
  }
}

export async function migrate(handle: DatabaseHandle, upTo?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  // Branches add migrations side by side (006 and 007 landed in either order): each is independent, so order of arrival is allowed.
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? 'unknown error'}`);
}
