import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentReleaseId,
  listReleases,
  prune,
  ReleaseBusyError,
  readHistory,
  releasePaths,
  rollback,
  servedDir,
  stageRelease,
} from '../../../releases/index.ts';
import { makeRelease, tempDist as tempDistIn, write } from '../../support/fakeRelease.ts';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});
const tempDist = () => tempDistIn(cleanups);

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
