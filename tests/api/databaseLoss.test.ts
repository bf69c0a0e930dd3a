import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { apiApp, json } from '../support/apiApp.ts';
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

describe('a database that was there and is gone, at start', () => {
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
