import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty, migrated database, removed again by `dispose`. */
  open(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>;
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
      async open() {
        const handle = await openDatabase({ sqliteFile: ':memory:' });
        return { handle, dispose: () => handle.close() };
      },
    },
  ];
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    list.push({
      name: 'postgres',
      async open() {
        const name = `test_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ databaseUrl: url.toString() });
        return {
          handle,
          async dispose() {
            await handle.close();
            const cleanup = new pg.Client({ connectionString: adminUrl });
            await cleanup.connect();
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
