import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rollback } from '../../../releases/index.ts';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';
import { TEST_SCRYPT } from '../../support/apiApp.ts';
import { makeRelease, tempDist as tempDistIn } from '../../support/fakeRelease.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const tempDist = () => tempDistIn(cleanups);

async function site(dist: string) {
  const handle = await openDatabase({ sqliteFile: ':memory:' });
  const app = await buildApp({ database: handle, root: projectRoot, rateLimits: false, scryptCost: TEST_SCRYPT, distDir: dist });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await handle.close();
  });
  return app;
}

describe('the server answers from the release being served, from the next request on', () => {
  it('serves a new release without a restart, and the previous release’s scripts to pages already open; and the earlier one after a rollback', async () => {
    const dist = tempDist();
    makeRelease(dist, { pages: { '/': 'one' }, script: 'index-aaa.js' });
    const app = await site(dist);
    const get = (url: string) => app.inject({ method: 'GET', url });
    expect((await get('/')).body).toContain('one');
    expect((await get('/internship/new')).statusCode).toBe(404);

    makeRelease(dist, { pages: { '/': 'two', '/internship/new': 'new stream' }, script: 'index-bbb.js' });
    const home = await get('/');
    expect(home.body).toContain('two');
    expect(home.body).toContain('/assets/index-bbb.js');
    const stream = await get('/internship/new');
    expect(stream.statusCode).toBe(200);
    expect(stream.body).toContain('new stream');
    // The page opened before the switch loads its own script.
    const old = await get('/assets/index-aaa.js');
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(old.body).toContain('index-aaa.js');

    rollback(dist);
    expect((await get('/')).body).toContain('one');
    expect((await get('/internship/new')).statusCode).toBe(404);
    expect((await get('/assets/index-bbb.js')).statusCode).toBe(200);
  });

  it('goes on serving the release it has when the one named cannot be loaded', async () => {
    const dist = tempDist();
    makeRelease(dist, { pages: { '/': 'one' }, script: 'index-aaa.js' });
    const app = await site(dist);
    // A release folder removed by hand, with current pointing at it.
    fs.symlinkSync(path.join('releases', 'gone'), path.join(dist, 'current.next'));
    fs.renameSync(path.join(dist, 'current.next'), path.join(dist, 'current'));
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('one');
  });
});
