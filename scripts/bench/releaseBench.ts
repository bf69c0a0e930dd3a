import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { servedDir } from '../../releases/index.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { median } from '../../tooling/benchStats.ts';

export interface ReleaseResult {
  requests: number;
  rounds: number;
  /** Requests a second answered from DIST_DIR/current (the link read on every request), median of the rounds. */
  releasesPerSecond: number;
  /** The same release copied as one folder, as builds were before releases: nothing to read per request. */
  folderPerSecond: number;
}

/**
 * What reading DIST_DIR/current on every request costs: the same pages and assets asked of two servers in one
 * process, one answering from the built site's releases, the other from a copy of the current release as one folder,
 * alternating round by round so that both see the same machine.
 */
export async function benchReleases(root: string, requests: number, rounds: number): Promise<ReleaseResult> {
  const dist = path.join(root, 'dist');
  const release = servedDir(dist);
  if (release === dist) throw new Error('bench: npm run build first (the site has no release yet)');
  const flat = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-flat-'));
  fs.cpSync(release, flat, { recursive: true });
  const apps = await Promise.all(
    [dist, flat].map(async (distDir) => {
      const database = await openDatabase({ sqliteFile: ':memory:' });
      const app = await buildApp({ database, root, distDir, rateLimits: false, logger: false });
      await app.ready();
      const close = async () => {
        await app.close();
        await database.close();
      };
      return { app, close };
    }),
  );
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(fs.readFileSync(path.join(release, 'client', 'index.html'), 'utf8'))?.[1] ?? '/';
  const urls = ['/', '/internship/law', '/courses', script];
  const round = async (app: (typeof apps)[number]['app']) => {
    const started = performance.now();
    for (let i = 0; i < requests; i++) await app.inject({ method: 'GET', url: urls[i % urls.length]!, headers: { 'accept-encoding': 'br' } });
    return requests / ((performance.now() - started) / 1000);
  };
  try {
    for (const { app } of apps) await round(app); // warm both
    const withReleases: number[] = [];
    const asFolder: number[] = [];
    for (let r = 0; r < rounds; r++) {
      withReleases.push(await round(apps[0]!.app));
      asFolder.push(await round(apps[1]!.app));
    }
    return { requests, rounds, releasesPerSecond: median(withReleases), folderPerSecond: median(asFolder) };
  } finally {
    for (const { close } of apps) await close();
    fs.rmSync(flat, { recursive: true, force: true });
  }
}
