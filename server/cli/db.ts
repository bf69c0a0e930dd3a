/**
 * npm run db -- backup FILE    a consistent copy of the embedded database, safe while the server runs
 * npm run db -- restore FILE   put a backup back (the database as it was is kept beside it first)
 * Uses SQLITE_FILE, else .data/site.db. With DATABASE_URL (PostgreSQL), prints the pg_dump and pg_restore commands
 * instead: PostgreSQL's own tools make consistent copies of a running server.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { defaultSqliteFile } from '../db/database.ts';

const [command, file] = process.argv.slice(2);
const usage = 'Usage: npm run db -- backup FILE | restore FILE';

function fail(message: string): number {
  console.error(message);
  return 1;
}

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

async function backup(live: string, target: string): Promise<number> {
  if (!fs.existsSync(live)) return fail(`There is no database at ${live} to back up.`);
  if (fs.existsSync(target)) return fail(`${target} already exists; name a new file, so that no backup is overwritten.`);
  const source = new BetterSqlite3(live, { readonly: true, fileMustExist: true });
  try {
    // SQLite's online backup: page by page, consistent as of one moment, while the server goes on writing.
    await source.backup(target);
  } finally {
    source.close();
  }
  const copy = openChecked(target);
  const held = describe(copy);
  copy.close();
  console.log(`Backed up ${live} to ${target}: ${summary(held)}.`);
  return 0;
}

async function restore(backupFile: string, live: string): Promise<number> {
  if (!fs.existsSync(backupFile)) return fail(`There is no file ${backupFile}.`);
  let source: BetterSqlite3.Database;
  try {
    source = openChecked(backupFile);
  } catch (error) {
    return fail(`${backupFile} cannot be restored: ${(error as Error).message}. Nothing was changed.`);
  }
  try {
    const held = describe(source);
    fs.mkdirSync(path.dirname(live), { recursive: true });
    if (fs.existsSync(live)) {
      // The database as it was is kept, so a restore of the wrong backup loses nothing either.
      const aside = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      const current = new BetterSqlite3(live, { readonly: true, fileMustExist: true });
      try {
        await current.backup(aside);
      } finally {
        current.close();
      }
      console.log(`Kept the database as it was in ${aside}.`);
    }
    // The backup API writes into the live file under SQLite's locks: a running server sees the restored data.
    await source.backup(live);
    console.log(`Restored ${backupFile} into ${live}: ${summary(held)}.`);
    return 0;
  } finally {
    source.close();
  }
}

async function main(): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !file) return fail(usage);
  const url = process.env['DATABASE_URL'];
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return fail(
      command === 'backup'
        ? `For PostgreSQL, use its own tool, which copies a running database consistently:\n  pg_dump --format=custom --file=${file} "$DATABASE_URL"`
        : `For PostgreSQL, use its own tool (into an empty database, or add --clean to replace what is there):\n  pg_restore --dbname="$DATABASE_URL" ${file}`,
    );
  }
  const live = process.env['SQLITE_FILE'] ?? defaultSqliteFile();
  return command === 'backup' ? backup(live, file) : restore(file, live);
}

process.exitCode = await main();
