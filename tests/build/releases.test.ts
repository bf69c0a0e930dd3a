import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReleaseInfo } from '../../releases/index.ts';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { type ServerProcess, startServer } from '../support/serverProcess.ts';
import { TEST_BUILD_ENV } from '../support/testBuilds.ts';

const run = promisify(execFile);

/**
 * Publishing never breaks the running site (issue 26): in a copy of the project, a build, the real server on it,
 * then a second build made while the server runs (a new stream), one that fails halfway, and a rollback. The server
 * is never restarted.
 */
describe('a build switches the running site only when it is whole', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let server: ServerProcess;
  let base: string;
  const dist = () => path.join(temp.root, 'dist');
  const stream = '/internship/data-analytics';
  const build = () =>
    run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: temp.root, env: { ...process.env, ...TEST_BUILD_ENV, DIST_DIR: dist() } });
  const release = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/cli/release.ts', ...args], { cwd: temp.root, env: { ...process.env, DIST_DIR: dist() } });
  const get = (url: string) => fetch(`${base}${url}`);
  const current = () => fs.readlinkSync(path.join(dist(), 'current'));
  /** The scripts and styles a page's HTML names, each of which a browser that has the page open may still ask for. */
  const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  let firstHome: string;
  let firstRelease: string;

  beforeAll(async () => {
    temp = makeTempProject('releases-');
    await build();
    firstRelease = current();
    server = await startServer({ DIST_DIR: dist(), SQLITE_FILE: ':memory:', RATE_LIMITS: 'off' });
    base = `http://127.0.0.1:${server.port}`;
    firstHome = await (await get('/')).text();
  }, 300_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    temp?.remove();
  });

  it('serves the first build from a release, with DIST_DIR/client following it for nginx', () => {
    expect(firstRelease).toMatch(/^releases\/\d{8}-\d{6}-\d{3}-[0-9a-f]{4}$/);
    expect(fs.readlinkSync(path.join(dist(), 'client'))).toBe(path.join('current', 'client'));
    expect(firstHome).toContain('<h1');
    expect(firstHome).not.toContain(`href="${stream}"`);
  });

  it('serves a stream added and built while it runs (its page, the menus, the search records), and the scripts of pages opened before', async () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/newPage.ts', 'internship', 'Data Analytics'], { cwd: temp.root, stdio: 'pipe' });
    temp.edit('pages/internship/Data Analytics.json', (text) => text.replaceAll('✎ ', ''));
    await build();
    expect(current()).not.toBe(firstRelease);

    const page = await get(stream);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Data Analytics Internships</h1>');
    const home = await (await get('/')).text();
    expect(home).toContain(`href="${stream}"`);

    // The search records are the new release's own file; the server answers it.
    const info = readReleaseInfo(dist(), path.basename(current()))!;
    const searchData = info.assets.find((f) => f.includes('search-data-en') && f.endsWith('.js'));
    expect(searchData, info.assets.join(' ')).toBeDefined();
    const records = await get(`/${searchData}`);
    expect(records.status).toBe(200);
    expect(await records.text()).toContain('/internship/data-analytics?role=dataAnalyticsAssociate');

    // A page opened before the build still loads every script and style it names.
    const before = assetsOf(firstHome);
    expect(before.length).toBeGreaterThan(1);
    for (const asset of before) expect((await get(asset)).status, asset).toBe(200);
    expect(assetsOf(home)).not.toEqual(before);

    // The stream's page, and the same page at its Hindi address (English until its Hindi is written).
    expect(info.changes.added).toEqual([
      expect.objectContaining({ path: '/internship/data-analytics' }),
      expect.objectContaining({ path: '/hi/internship/data-analytics' }),
    ]);
    expect(info.changes.menusChanged).toBe(true);
    const list = (await release('list')).stdout;
    expect(list).toContain(`* ${path.basename(current())}`);
    expect(list).toContain('2 added (/internship/data-analytics, /hi/internship/data-analytics)');
  }, 300_000);

  it('leaves the site as it was when a build fails halfway (its prerender stops on a page)', async () => {
    const served = current();
    const entry = 'engine/entry-server.tsx';
    const original = temp.read(entry);
    // Content and both Vite builds pass, and prerendering has written pages, when one page cannot be rendered.
    temp.edit(entry, (text) =>
      text.replace(/(export async function render\([^)]*\)[^{]*\{)/, "$1\n  if (url.startsWith('/about')) throw new Error('broken on purpose');"),
    );
    expect(temp.read(entry)).toContain('broken on purpose');
    try {
      const failed = await build().then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('broken on purpose');
    } finally {
      temp.write(entry, original);
    }
    expect(current()).toBe(served);
    expect(fs.existsSync(path.join(dist(), '.staging'))).toBe(false);
    expect(fs.existsSync(path.join(dist(), '.release.lock'))).toBe(false);
    expect(fs.readdirSync(path.join(dist(), 'releases'))).toHaveLength(2);
    expect((await get(stream)).status).toBe(200);
    expect(await (await get('/')).text()).toContain(`href="${stream}"`);
    expect((await get('/about')).status).toBe(200);
  }, 300_000);

  it('brings back the release before with `npm run release -- rollback`, served at once', async () => {
    const newer = current();
    const newerHome = await (await get('/')).text();
    const answer = await release('rollback');
    expect(answer.stdout).toContain(`Now serving ${path.basename(firstRelease)}`);
    expect(current()).toBe(firstRelease);
    expect((await get(stream)).status).toBe(404);
    expect(await (await get('/')).text()).not.toContain(`href="${stream}"`);
    // Pages opened from the newer release keep their scripts too.
    for (const asset of assetsOf(newerHome)) expect((await get(asset)).status, asset).toBe(200);
    expect((await release('history')).stdout).toContain(`rolled back to ${path.basename(firstRelease)}  (was ${path.basename(newer)}; by command line)`);
  }, 120_000);
});
