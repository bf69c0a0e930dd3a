import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty, migrated database (up to the migration named, or all of them), removed again by `dispose`. */
  open(options?: { migrateTo?: string }): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>;
}

/**
 * SQLite always; PostgreSQL when TEST_DATABASE_URL names a server where we may
 * create databases (.ci/run starts one and sets it, and sets REQUIRE_POSTGRES so
 * a missing server fails the run instead of skipping).
 */
export function backends(): Backend[] {
  const list: Backend[] = [
    {
      name: 'sqlite',
      async open(options = {}) {
        const handle = await openDatabase({ sqliteFile: ':memory:', ...options });
        return { handle, dispose: () => handle.close() };
      },
    },
  ];
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    list.push({
      name: 'postgres',
      async open(options = {}) {
        const name = `test_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ databaseUrl: url.toString(), ...options });
        return {
          handle,
          async dispose() {
            await handle.close();
            const cleanup = new pg.Client({ connectionString: adminUrl });
            await cleanup.connect();
            // The pool's end resolves before its clients' connections have closed; forcing the drop while they
            // close makes the server terminate them, and pg raises that as an uncaught error in the test file.
            for (let waited = 0; waited < 5_000; waited += 50) {
              const open = await cleanup.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
              if (open.rows[0].n === 0) break;
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await cleanup.end();
          },
        };
      },
    });
  } else if (process.env['REQUIRE_POSTGRES']) {
    throw new Error('REQUIRE_POSTGRES is set but TEST_DATABASE_URL is not: the PostgreSQL tests cannot run.');
  }
  return list;
}
