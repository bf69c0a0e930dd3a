import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { apiApp, demoCertificate, json } from '../support/apiApp.ts';
import { runServerToExit, startServer } from '../support/serverProcess.ts';
import { smallBuild } from '../support/smallBuild.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-loss-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The SQLite file and what WAL mode keeps beside it. */
function removeDatabase(file: string) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}

const signup = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', headers: json, payload: JSON.stringify({ fullName: 'Asha Kumari', email, password: 'secret1' }) });

// Each test starts the real server as a process of its own (tsx compiles it first): seconds on a quiet machine, more on a busy one.
describe('a database that was there and is gone, at start', { timeout: 120_000 }, () => {
  it('is not replaced by an empty one: the server says so and exits 2, unless told to create one', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'site.db');
    const build = smallBuild();
    cleanups.push(build.remove);
    const env = { DIST_DIR: build.dist, SQLITE_FILE: file };

    const first = await startServer(env);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(fs.existsSync(file)).toBe(true);

    removeDatabase(file);
    const refused = await runServerToExit(env);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(`The database ${file} is missing, but one was created there before`);
    expect(refused.output).toContain('npm run db -- restore FILE');
    expect(fs.existsSync(file)).toBe(false);

    const created = await startServer({ ...env, CREATE_DATABASE: '1' });
    created.child.kill('SIGTERM');
    expect((await created.exited).code).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('is created without asking the first time, where there never was one', async () => {
    const file = path.join(tempDir(), 'nested', 'site.db');
    const handle = await openDatabase({ sqliteFile: file });
    await handle.close();
    expect(fs.existsSync(file)).toBe(true);
  });
});

describe('a database that vanishes while the server runs', () => {
  async function running() {
    const file = path.join(tempDir(), 'site.db');
    const handle = await openDatabase({ sqliteFile: file });
    const app = await apiApp(handle);
    cleanups.push(async () => {
      await app.close();
      await handle.close();
    });
    return { file, app };
  }

  it('makes a sign-up fail with 503 and a clear sentence, never a false success; /readyz says so too', async () => {
    const { file, app } = await running();
    expect((await signup(app, 'before@example.com')).statusCode).toBe(201);

    removeDatabase(file);
    const after = await signup(app, 'after@example.com');
    expect(after.statusCode).toBe(503);
    expect(after.headers['retry-after']).toBe('60');
    expect(after.json().message).toBe('We could not save that just now, so nothing was saved. Please try again in a few minutes.');
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('writes nothing while it is gone, not even the counts of requests that only read: they wait with 503 too', async () => {
    const file = path.join(tempDir(), 'site.db');
    const handle = await openDatabase({ sqliteFile: file });
    const app = await apiApp(handle, { rateLimits: true, certificates: [demoCertificate()] });
    cleanups.push(async () => {
      await app.close();
      await handle.close();
    });
    const counted = async () => (await handle.db.selectFrom('limit_counts').select('count').execute()).reduce((sum, r) => sum + Number(r.count), 0);
    expect((await app.inject({ method: 'GET', url: '/api/certificates/status?id=IC25%2F123456' })).statusCode).toBe(200);
    const before = await counted();
    removeDatabase(file);
    const read = await app.inject({ method: 'GET', url: '/api/certificates/status?id=IC25%2F123456' });
    expect([read.statusCode, read.json().code]).toEqual([503, 'DATABASE_UNAVAILABLE']);
    // The handle still reaches the deleted file: nothing more was written into it.
    expect(await counted()).toBe(before);
  });

  it('does the same when the file is replaced by another', async () => {
    const { file, app } = await running();
    const elsewhere = `${file}.other`;
    fs.copyFileSync(file, elsewhere);
    fs.renameSync(elsewhere, file);
    const after = await signup(app, 'after@example.com');
    expect(after.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'unavailable', reason: 'database' });
  });
});
