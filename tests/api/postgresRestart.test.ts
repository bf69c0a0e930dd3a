import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backends } from '../support/databases.ts';

const postgres = backends().find((backend) => backend.name === 'postgres');

// A PostgreSQL restart, a failover or an administrator's pg_terminate_backend closes the server's idle connections;
// pg reports that as an error from the pool, which stops the process when nothing listens for it.
describe.skipIf(!postgres)('the server on PostgreSQL when the database closes its connections', () => {
  it('keeps running and answers the next query on a new connection', async () => {
    const { handle, dispose } = await postgres!.open();
    try {
      const certificates = () => handle.db.selectFrom('certificates').select('certificate_id').execute();
      await Promise.all(Array.from({ length: 4 }, certificates)); // idle connections in the pool
      const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
      await admin.connect();
      const database = new URL(handle.location).pathname.slice(1);
      const closed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      await admin.end();
      expect(closed.rowCount).toBeGreaterThan(0);
      // Long enough for the terminations to reach the pool's idle connections.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await certificates()).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
