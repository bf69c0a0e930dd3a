/**
 * npm run db -- backup FILE    a consistent copy of the embedded database, safe while the server runs
 * npm run db -- restore FILE   put a backup back (the database as it was is kept beside it first)
 * Uses SQLITE_FILE, else .data/site.db. With DATABASE_URL (PostgreSQL), prints the pg_dump and pg_restore commands
 * instead: PostgreSQL's own tools make consistent copies of a running server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { createPrivateFile, keepPrivate, makePrivateFolder, migrations, PRIVATE_FILE, PRIVATE_FOLDER, withMigratedSqlite } from '../db/database.ts';
import { type Settings, settingsOrExit } from '../settings.ts';
import { type Io, processIo } from './context.ts';

const usage = 'Usage: npm run db -- backup FILE | restore FILE';

/** What a database holds, to print and to check a backup by: certificates and accounts, and whether SQLite finds it whole. */
function describe(database: BetterSqlite3.Database): { certificates: number; accounts: number } {
  const integrity = database.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') throw new Error(`it is damaged (SQLite's integrity check says: ${String(integrity)})`);
  const tables = new Set((database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name));
  if (!tables.has('kysely_migration') || !tables.has('certificates'))
    throw new Error('it is not a database of this site (no certificates or migrations table)');
  const count = (table: string) => (tables.has(table) ? (database.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n : 0);
  return { certificates: count('certificates'), accounts: count('users') };
}

/** What a database is made of: its tables and their columns, primary and unique keys, and named indexes. */
interface Shape {
  columns: Map<string, string[]>;
  /** "table(column, …)" for each table's primary key and each unique key, however it was declared. */
  keys: Set<string>;
  /** Indexes made by name (CREATE INDEX), as "name on table". */
  indexes: Set<string>;
}

function shapeOf(database: BetterSqlite3.Database): Shape {
  const shape: Shape = { columns: new Map(), keys: new Set(), indexes: new Set() };
  const tables = database.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
  for (const { name } of tables) {
    const columns = database.pragma(`table_info(${JSON.stringify(name)})`) as { name: string; pk: number }[];
    shape.columns.set(
      name,
      columns.map((c) => c.name),
    );
    const primary = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    if (primary.length) shape.keys.add(`${name}(${primary.join(', ')})`);
    for (const index of database.pragma(`index_list(${JSON.stringify(name)})`) as { name: string; unique: number; origin: string }[]) {
      const on = (database.pragma(`index_info(${JSON.stringify(index.name)})`) as { seqno: number; name: string }[])
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name);
      if (index.unique) shape.keys.add(`${name}(${on.join(', ')})`);
      if (index.origin === 'c') shape.indexes.add(`${index.name} on ${name}`);
    }
  }
  return shape;
}

/** Everything `expected` has that `actual` lacks, in words: "table sessions", "column users.email", … */
function missingParts(expected: Shape, actual: Shape): string[] {
  const missing: string[] = [];
  for (const [table, columns] of expected.columns) {
    const have = actual.columns.get(table);
    if (!have) missing.push(`table ${table}`);
    else for (const column of columns) if (!have.includes(column)) missing.push(`column ${table}.${column}`);
  }
  for (const key of expected.keys) if (!actual.keys.has(key) && actual.columns.has(key.slice(0, key.indexOf('(')))) missing.push(`unique key ${key}`);
  for (const index of expected.indexes)
    if (!actual.indexes.has(index) && actual.columns.has(index.slice(index.indexOf(' on ') + 4))) missing.push(`index ${index}`);
  return missing;
}

/** The migrations a database ran, in the order it ran them (by time, then name: as Kysely reads them). */
function recordedMigrations(database: BetterSqlite3.Database): string[] {
  const rows = database.prepare('select name, timestamp from kysely_migration').all() as { name: string; timestamp: string }[];
  return rows.sort((a, b) => new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime() || a.name.localeCompare(b.name)).map((m) => m.name);
}

/** SQLite's own statistics (ANALYZE, PRAGMA optimize): they steer the query planner and hold no code or data of ours. */
const STATISTICS = new Set(['sqlite_stat1', 'sqlite_stat2', 'sqlite_stat3', 'sqlite_stat4']);

/**
 * Every table, view, trigger and index a database holds, by what it is and its name ("trigger make_owner on
 * users"), with the SQL SQLite keeps for it, its spaces made one.
 */
function objectsOf(database: BetterSqlite3.Database): Map<string, string> {
  const rows = database.prepare('select type, name, tbl_name, sql from sqlite_master').all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[];
  const objects = new Map<string, string>();
  for (const row of rows) {
    if (row.type === 'table' && STATISTICS.has(row.name)) continue;
    const on = row.type === 'index' || row.type === 'trigger' ? ` on ${row.tbl_name}` : '';
    objects.set(`${row.type} ${row.name}${on}`, (row.sql ?? '').replace(/\s+/g, ' ').trim());
  }
  return objects;
}

/**
 * What a backup holds beyond this version's schema, in words: a table, view, trigger or index its migrations do not
 * make (a trigger that makes the next sign-up an owner, one that deletes audit rows), or one of theirs defined
 * otherwise (a column's default changed). `expected` is a fresh database migrated in the order the backup's were.
 */
function addedParts(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const added = [...actual.keys()].filter((name) => !expected.has(name)).sort();
  const changed = [...actual]
    .filter(([name, sql]) => expected.has(name) && expected.get(name) !== sql)
    .map(([name]) => name)
    .sort();
  return [
    ...(added.length ? [`it holds what this version's migrations do not make: ${added.join(', ')}`] : []),
    ...(changed.length ? [`it defines otherwise than this version's migrations do: ${changed.join(', ')}`] : []),
  ];
}

/**
 * Whether a backup is this version's database exactly: every table and column, key and index the migrations make
 * (compared with a fresh database migrated in memory), and nothing else, each defined as they define it. A backup
 * made before the latest migrations is brought up to date first, in a copy; one made by a newer version, or one
 * whose tables are not what its migrations say (two empty tables and nothing else, say), is refused with what it
 * lacks. After a restore the server answers from it at once: a missing table would fail every request that needs
 * it, and an added trigger would run inside every write the site makes.
 */
async function checkSchema(source: BetterSqlite3.Database, workDir: string): Promise<{ restoreFrom?: string; upgraded: string[] }> {
  const expected = await withMigratedSqlite(':memory:', shapeOf);
  const known = Object.keys(migrations('sqlite'));
  const recorded = recordedMigrations(source);
  const newer = recorded.filter((name) => !known.includes(name));
  if (newer.length)
    throw new Error(`it was made by a newer version of the site (its migrations ${newer.join(', ')} are unknown here); restore it with that version`);
  const pending = known.filter((name) => !recorded.includes(name));
  if (pending.length === 0) {
    const missing = missingParts(expected, shapeOf(source));
    if (missing.length) throw new Error(`it lacks what this version's database has: ${missing.join(', ')}`);
    await refuseAdded(source);
    return { upgraded: [] };
  }
  // Made by an older version: brought up to date in a copy, as the server would at its next start.
  const copy = path.join(workDir, 'upgraded.db');
  createPrivateFile(copy);
  await source.backup(copy);
  let upgraded: Shape;
  try {
    upgraded = await withMigratedSqlite(copy, shapeOf);
  } catch (error) {
    const missing = missingParts(expected, shapeOf(source));
    throw new Error(
      `it ${missing.length ? `lacks what this version's database has (${missing.join(', ')}) and ` : ''}cannot be brought up to date: ${(error as Error).message}`,
    );
  }
  const missing = missingParts(expected, upgraded);
  if (missing.length) throw new Error(`even brought up to date, it lacks what this version's database has: ${missing.join(', ')}`);
  const copied = new BetterSqlite3(copy, { readonly: true, fileMustExist: true });
  try {
    await refuseAdded(copied);
  } finally {
    copied.close();
  }
  return { restoreFrom: copy, upgraded: pending };
}

/** Refuses a database whose schema is more than, or other than, this version's migrations make (see addedParts). */
async function refuseAdded(database: BetterSqlite3.Database): Promise<void> {
  const order = recordedMigrations(database);
  const expected = await withMigratedSqlite(':memory:', objectsOf, order);
  const added = addedParts(expected, objectsOf(database));
  if (added.length) throw new Error(added.join('; '));
}

function openChecked(source: string): BetterSqlite3.Database {
  let database: BetterSqlite3.Database;
  try {
    database = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`cannot be opened: ${(error as Error).message}`);
  }
  try {
    describe(database);
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}

const summary = (held: { certificates: number; accounts: number }) => `${held.certificates} certificates, ${held.accounts} accounts`;

async function backup(io: Io, fail: (m: string) => number, live: string, target: string): Promise<number> {
  if (!fs.existsSync(live)) return fail(`There is no database at ${live} to back up.`);
  if (fs.existsSync(target)) return fail(`${target} already exists; name a new file, so that no backup is overwritten.`);
  const source = new BetterSqlite3(live, { readonly: true, fileMustExist: true });
  try {
    // The copy holds what the database holds (the signing key, the link secret, accounts): the server's user's alone.
    createPrivateFile(target);
    // SQLite's online backup: page by page, consistent as of one moment, while the server goes on writing.
    await source.backup(target);
  } finally {
    source.close();
  }
  const copy = openChecked(target);
  const held = describe(copy);
  copy.close();
  io.out(`Backed up ${live} to ${target}: ${summary(held)}.\n`);
  return 0;
}

async function restore(io: Io, fail: (m: string) => number, backupFile: string, live: string): Promise<number> {
  if (!fs.existsSync(backupFile)) return fail(`There is no file ${backupFile}.`);
  let source: BetterSqlite3.Database;
  try {
    source = openChecked(backupFile);
  } catch (error) {
    return fail(`${backupFile} cannot be restored: ${(error as Error).message}. Nothing was changed.`);
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  fs.chmodSync(workDir, PRIVATE_FOLDER);
  try {
    let checked: Awaited<ReturnType<typeof checkSchema>>;
    try {
      checked = await checkSchema(source, workDir);
    } catch (error) {
      return fail(`${backupFile} cannot be restored: ${(error as Error).message}. Nothing was changed.`);
    }
    if (checked.restoreFrom) {
      source.close();
      source = new BetterSqlite3(checked.restoreFrom, { readonly: true, fileMustExist: true });
      io.out(`${backupFile} was made by an older version: brought up to date in a copy (${checked.upgraded.join(', ')}).\n`);
    }
    const held = describe(source);
    makePrivateFolder(path.dirname(live));
    if (fs.existsSync(live)) {
      // The database as it was is kept, so a restore of the wrong backup loses nothing either.
      const aside = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      const current = new BetterSqlite3(live, { readonly: true, fileMustExist: true });
      try {
        createPrivateFile(aside);
        await current.backup(aside);
      } finally {
        current.close();
      }
      io.out(`Kept the database as it was in ${aside}.\n`);
    } else {
      fs.closeSync(fs.openSync(live, 'a', PRIVATE_FILE));
    }
    keepPrivate(live);
    // The backup API writes into the live file under SQLite's locks: a running server sees the restored data.
    await source.backup(live);
    io.out(`Restored ${backupFile} into ${live}: ${summary(held)}.\n`);
    return 0;
  } finally {
    source.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** Runs one command; answers its exit code. */
export async function runDb(args: readonly string[], settings: Settings, io: Io = processIo): Promise<number> {
  const [command, file] = args;
  const fail = (message: string) => {
    io.err(`${message}\n`);
    return 1;
  };
  if ((command !== 'backup' && command !== 'restore') || !file) return fail(usage);
  if (settings.databaseUrl) {
    return fail(
      command === 'backup'
        ? `For PostgreSQL, use its own tool, which copies a running database consistently:\n  pg_dump --format=custom --file=${file} "$DATABASE_URL"`
        : `For PostgreSQL, use its own tool (into an empty database, or add --clean to replace what is there):\n  pg_restore --dbname="$DATABASE_URL" ${file}`,
    );
  }
  const live = settings.sqliteFile;
  return command === 'backup' ? backup(io, fail, live, file) : restore(io, fail, file, live);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await runDb(process.argv.slice(2), settingsOrExit());
