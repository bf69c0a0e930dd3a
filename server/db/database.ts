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
import { limitCounts } from './migrations/007_limit_counts.ts';
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
}

/** Versioned migrations, in order; one set for both databases. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_certificates_clustered': certificatesClustered(dialect),
    '003_certificates_version': certificatesVersion(dialect),
    '004_drop_certificates_version': dropCertificatesVersion(dialect),
    '005_certificate_status': certificateStatus(dialect),
    '007_limit_counts': limitCounts(),
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
  if (!fs.existsSync(marker)) fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // PostgreSQL reports its own failures on each query; there is no file to lose under the server.
    handle = { db, dialect: 'postgres', location: redact(url), unwritable: () => undefined, close: () => db.destroy() };
  } else {
    const file = options.sqliteFile ?? defaultSqliteFile();
    if (file !== ':memory:') {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const marker = markerOf(file);
      if (!fs.existsSync(file) && fs.existsSync(marker) && !options.create) throw new DatabaseMissingError(file, marker);
    }
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Reads straight from the OS page cache instead of copying pages: lookups in a large certificate table stay fast.
    sqlite.pragma('mmap_size = 268435456');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    handle = { db, dialect: 'sqlite', location: file, unwritable: file === ':memory:' ? () => undefined : sqliteWatch(file), close: () => db.destroy() };
  }
  await migrate(handle);
  return handle;
}

export async function migrate(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  // Branches add migrations side by side (006 and 007 landed in either order): each is independent, so order of arrival is allowed.
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? 'unknown error'}`);
}
