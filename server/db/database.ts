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
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data is: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** The SQLite file (":memory:" for tests); defaults to .data/site.db. */
  sqliteFile?: string | undefined;
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

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const url = options.databaseUrl;
  let handle: DatabaseHandle;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, dialect: 'postgres', location: redact(url), close: () => db.destroy() };
  } else {
    const file = options.sqliteFile ?? defaultSqliteFile();
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Reads straight from the OS page cache instead of copying pages: lookups in a large certificate table stay fast.
    sqlite.pragma('mmap_size = 268435456');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    handle = { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
  }
  await migrate(handle);
  return handle;
}

export async function migrate(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? 'unknown error'}`);
}
