import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/database.ts';
import {
  currentReleaseId,
  listReleases,
  prune,
  ReleaseBusyError,
  type ReleasePage,
  readHistory,
  releasePaths,
  rollback,
  servedDir,
  stageRelease,
} from '../../../server/features/pages/index.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';
import { TEST_SCRYPT } from '../../support/apiApp.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  cleanups.push(() => fs.rmSync(dist, { recursive: true, force: true }));
  return dist;
}

/** A small whole build, as Vite and the prerender write one: pages by address, an entry script whose name is its hash. */
interface FakeBuild {
  pages: Record<string, string>;
  script: string;
  menus?: string;
}

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function makeRelease(dist: string, build: FakeBuild) {
  const staged = stageRelease(dist);
  const client = path.join(staged.dir, 'client');
  const manifestPages = Object.keys(build.pages).map((p) => ({
    pageId: p === '/' ? 'index' : p.slice(1),
    path: p,
    aliases: [],
    file: p === '/' ? 'index.html' : `${p.slice(1)}/index.html`,
    index: true,
  }));
  for (const page of manifestPages) {
    write(
      path.join(client, page.file),
      `<!doctype html><title>${page.path}</title><script type="module" src="/assets/${build.script}"></script>${build.pages[page.path]}`,
    );
  }
  write(path.join(client, '404.html'), '<!doctype html><title>Not found</title>');
  write(path.join(client, 'assets', build.script), `console.log(${JSON.stringify(build.script)});`);
  write(path.join(staged.dir, 'template.html'), '<!doctype html><div id="root"></div>');
  write(
    path.join(staged.dir, 'prerender-manifest.json'),
    JSON.stringify({
      pages: [...manifestPages, { pageId: '404', path: '/404', aliases: [], file: '404.html', index: false }],
      notFound: '404.html',
      template: 'template.html',
    }),
  );
  const pages: ReleasePage[] = manifestPages.map((p) => ({ pageId: p.pageId, path: p.path, label: p.path, hash: build.pages[p.path]! }));
  return staged.finish({ createdAt: new Date().toISOString(), by: 'build', pages, menusHash: build.menus ?? 'menus' });
}

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

describe('releases: each build beside the one served, switched to when whole', () => {
  it('serves the first release through DIST_DIR/current, and DIST_DIR/client follows it', () => {
    const dist = tempDist();
    const first = makeRelease(dist, { pages: { '/': 'one' }, script: 'index-aaa.js' });
    expect(fs.readlinkSync(path.join(dist, 'current'))).toBe(path.join('releases', first.id));
    expect(fs.readlinkSync(path.join(dist, 'client'))).toBe(path.join('current', 'client'));
    expect(fs.readFileSync(path.join(dist, 'client', 'index.html'), 'utf8')).toContain('one');
    expect(servedDir(dist)).toBe(path.join(dist, 'releases', first.id));
    expect(first.changes).toEqual({ since: null, added: [], changed: [], removed: [], menusChanged: false });
    expect(readHistory(dist)).toEqual([expect.objectContaining({ action: 'publish', release: first.id, previous: null })]);
  });

  it('a new release carries the hashed files of the ones kept, and says which pages it added, changed and removed', () => {
    const dist = tempDist();
    const first = makeRelease(dist, { pages: { '/': 'one', '/about': 'about', '/old': 'old' }, script: 'index-aaa.js' });
    const second = makeRelease(dist, { pages: { '/': 'two', '/about': 'about', '/internship/new': 'new' }, script: 'index-bbb.js', menus: 'more menus' });
    expect(second.changes).toEqual({
      since: first.id,
      added: [{ path: '/internship/new', label: '/internship/new' }],
      changed: [{ path: '/', label: '/' }],
      removed: [{ path: '/old', label: '/old' }],
      menusChanged: true,
    });
    // The page still open in a browser asks for the script of the release it came from.
    const client = path.join(dist, 'client', 'assets');
    expect(fs.readdirSync(client).sort()).toEqual(['index-aaa.js', 'index-bbb.js']);
    // Its own files only, so a file is carried for as long as the release that made it is kept, and no longer.
    expect(second.assets).toEqual(['assets/index-bbb.js']);
    const inode = (id: string, file: string) => fs.statSync(path.join(dist, 'releases', id, 'client', 'assets', file)).ino;
    expect(inode(second.id, 'index-aaa.js')).toBe(inode(first.id, 'index-aaa.js'));
  });

  it('an abandoned release (a build that failed) leaves the site exactly as it was, and nothing of it behind', () => {
    const dist = tempDist();
    const first = makeRelease(dist, { pages: { '/': 'one' }, script: 'index-aaa.js' });
    const before = fs.readdirSync(dist).sort();
    const staged = stageRelease(dist);
    write(path.join(staged.dir, 'client', 'index.html'), 'half a build');
    staged.abandon();
    expect(currentReleaseId(dist)).toBe(first.id);
    expect(fs.readFileSync(path.join(dist, 'client', 'index.html'), 'utf8')).toContain('one');
    expect(fs.readdirSync(dist).sort()).toEqual(before);
    expect(fs.existsSync(releasePaths(dist).staging)).toBe(false);
    expect(readHistory(dist)).toHaveLength(1);
  });

  it('makes one release at a time; a lock left by a process that has ended is taken over', () => {
    const dist = tempDist();
    const staged = stageRelease(dist);
    expect(() => stageRelease(dist)).toThrow(ReleaseBusyError);
    staged.abandon();
    // A build killed halfway: its lock names a process that is gone, and its folder is half written.
    fs.writeFileSync(releasePaths(dist).lock, '999999999');
    fs.mkdirSync(path.join(releasePaths(dist).staging, 'killed'), { recursive: true });
    const next = stageRelease(dist);
    expect(fs.existsSync(path.join(releasePaths(dist).staging, 'killed'))).toBe(false);
    next.abandon();
  });

  it('keeps the five newest releases and the one being served, and removes the files only they carried', () => {
    const dist = tempDist();
    const made = Array.from({ length: 7 }, (_, i) => makeRelease(dist, { pages: { '/': `v${i}` }, script: `index-${i}.js` }));
    expect(listReleases(dist).map((r) => r.id)).toEqual(made.slice(2).map((r) => r.id));
    expect(fs.readdirSync(path.join(dist, 'client', 'assets')).sort()).toEqual(['index-2.js', 'index-3.js', 'index-4.js', 'index-5.js', 'index-6.js']);
    // Back to the oldest kept: pruning then keeps it, being served, beside the newest.
    rollback(dist, { to: made[2]!.id });
    expect(prune(dist, 1)).toEqual(made.slice(3, 6).map((r) => r.id));
    expect(listReleases(dist).map((r) => r.id)).toEqual([made[2]!.id, made[6]!.id]);
    expect(currentReleaseId(dist)).toBe(made[2]!.id);
  });

  it('rollback serves the release before the current one, carrying the newer files into it; it says when there is none', () => {
    const dist = tempDist();
    const first = makeRelease(dist, { pages: { '/': 'one' }, script: 'index-aaa.js' });
    const second = makeRelease(dist, { pages: { '/': 'two' }, script: 'index-bbb.js' });
    const done = rollback(dist);
    expect(done).toMatchObject({ release: { id: first.id, current: true }, previous: second.id });
    expect(fs.readFileSync(path.join(dist, 'client', 'index.html'), 'utf8')).toContain('one');
    expect(fs.readdirSync(path.join(dist, 'client', 'assets')).sort()).toEqual(['index-aaa.js', 'index-bbb.js']);
    expect(() => rollback(dist)).toThrow(/oldest release kept/);
    expect(() => rollback(dist, { to: 'nonsense' })).toThrow(/There is no release nonsense/);
    expect(readHistory(dist).map((h) => h.action)).toEqual(['publish', 'publish', 'rollback']);
  });

  it('replaces a build made as one folder (before releases) on the first release', () => {
    const dist = tempDist();
    write(path.join(dist, 'client', 'index.html'), 'legacy');
    write(path.join(dist, 'prerender-manifest.json'), '{}');
    write(path.join(dist, 'template.html'), '');
    write(path.join(dist, 'server', 'entry-server.js'), '');
    expect(servedDir(dist)).toBe(dist);
    makeRelease(dist, { pages: { '/': 'one' }, script: 'index-aaa.js' });
    expect(fs.lstatSync(path.join(dist, 'client')).isSymbolicLink()).toBe(true);
    expect(fs.existsSync(path.join(dist, 'server'))).toBe(false);
    expect(fs.readFileSync(path.join(dist, 'client', 'index.html'), 'utf8')).toContain('one');
  });
});

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
