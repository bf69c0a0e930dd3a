import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

export const CERTIFICATES_VERSION_KEY = 'certificates_version';

const CHANGES = ['insert', 'update', 'delete'] as const;

/**
 * A counter that every write to the certificates moves on, in the same
 * transaction as the write, whoever makes it (the server, the import command
 * in another process, someone at the sqlite3 prompt). The in-memory verify
 * index reads it at most every 5 ms, and at once after this process's own
 * writes, and answers from memory only while it matches. Embedded database
 * only: PostgreSQL verifies with a query. Undone by 004 with the index.
 */
export function certificatesVersion(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`INSERT OR IGNORE INTO site_state (key, value) VALUES (${CERTIFICATES_VERSION_KEY}, '0')`.execute(db);
      for (const change of CHANGES) {
        await sql`CREATE TRIGGER ${sql.raw(`certificates_version_${change}`)} AFTER ${sql.raw(change.toUpperCase())} ON certificates
          BEGIN UPDATE site_state SET value = CAST(value AS INTEGER) + 1 WHERE key = ${sql.lit(CERTIFICATES_VERSION_KEY)}; END`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      for (const change of CHANGES) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`certificates_version_${change}`)}`.execute(db);
      await sql`DELETE FROM site_state WHERE key = ${CERTIFICATES_VERSION_KEY}`.execute(db);
    },
  };
}
