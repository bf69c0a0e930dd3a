/**
 * Making a release, switching the site to it, rolling back and pruning: the only code that writes into DIST_DIR's
 * releases, one process at a time (DIST_DIR/.release.lock).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  currentReleaseId,
  type HistoryLine,
  listReleases,
  type ReleaseChanges,
  type ReleaseEntry,
  type ReleaseInfo,
  type ReleasePage,
  readReleaseInfo,
  releasePaths,
} from './reading.ts';

/** Releases kept for rollback (the current one is always kept besides, after rollbacks to an older one). */
export const KEEP_RELEASES = 5;

/** Another build, publish or rollback holds the releases: this one does nothing and says so. */
export class ReleaseBusyError extends Error {
  constructor(pid: number) {
    super(`Another build or publish (process ${pid}) is making a release in this folder; wait for it to finish, then try again.`);
    this.name = 'ReleaseBusyError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Holds the releases for this process; a lock left by a process that has ended is taken over. */
function lock(distDir: string): () => void {
  const file = releasePaths(distDir).lock;
  fs.mkdirSync(distDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new ReleaseBusyError(holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw new ReleaseBusyError(Number(fs.readFileSync(file, 'utf8')));
}

function newReleaseId(): string {
  // 20261122-101530-123-ab12: sorts by time; the random tail keeps two machines' ids apart.
  const iso = new Date().toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}-${randomBytes(2).toString('hex')}`;
}

/** A release being built: write everything into `dir`, then finish() it, or abandon() it on any failure. */
export interface StagedRelease {
  id: string;
  dir: string;
  /** Switches the site to the release (it must be whole); returns what changed since the release it replaces. */
  finish(info: Omit<ReleaseInfo, 'id' | 'changes' | 'assets'>, options?: { keep?: number }): ReleaseInfo;
  /** Removes what was written; the site stays on the release it was serving. */
  abandon(): void;
}

/** Starts a release beside the one being served (throws ReleaseBusyError while another build is under way). */
export function stageRelease(distDir: string): StagedRelease {
  const unlock = lock(distDir);
  const paths = releasePaths(distDir);
  // What a build that was killed halfway left behind.
  fs.rmSync(paths.staging, { recursive: true, force: true });
  const id = newReleaseId();
  const dir = path.join(paths.staging, id);
  fs.mkdirSync(dir, { recursive: true });
  let settled = false;
  return {
    id,
    dir,
    finish(info, options = {}) {
      if (settled) throw new Error('This release is already finished or abandoned.');
      settled = true;
      try {
        const previousId = currentReleaseId(distDir);
        const previous = previousId ? readReleaseInfo(distDir, previousId) : undefined;
        const assets = ownAssets(path.join(dir, 'client'));
        const full: ReleaseInfo = { ...info, id, assets, changes: changesBetween(previous, info) };
        // The files of the releases that stay after this one is added and the oldest pruned (and of the one served now).
        const keep = options.keep ?? KEEP_RELEASES;
        const existing = listReleases(distDir).map((r) => r.id);
        const staying = new Set([...(keep > 1 ? existing.slice(-(keep - 1)) : []), ...(previousId ? [previousId] : [])]);
        carryAssets(distDir, path.join(dir, 'client'), [...staying]);
        fs.writeFileSync(path.join(dir, 'release.json'), `${JSON.stringify(full, null, 2)}\n`);
        fs.mkdirSync(paths.releases, { recursive: true });
        fs.renameSync(dir, path.join(paths.releases, id));
        switchTo(distDir, id);
        appendHistory(distDir, { at: new Date().toISOString(), action: 'publish', release: id, previous: previousId ?? null, by: info.by });
        prune(distDir, keep);
        return full;
      } finally {
        fs.rmSync(paths.staging, { recursive: true, force: true });
        unlock();
      }
    },
    abandon() {
      if (settled) return;
      settled = true;
      try {
        // Retried: a file being closed as the build stopped can leave a folder not yet empty for a moment.
        fs.rmSync(paths.staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } finally {
        unlock();
      }
    },
  };
}

/** The build's own hashed files: everything under client/assets when the build has just written it. */
function ownAssets(clientDir: string): string[] {
  const dir = path.join(clientDir, 'assets');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Links the own hashed files of the releases named into a release's client folder (never replacing a file it has). */
function carryAssets(distDir: string, clientDir: string, from: string[]): void {
  for (const id of from) {
    const info = readReleaseInfo(distDir, id);
    if (!info) continue;
    const sourceClient = path.join(releasePaths(distDir).releases, id, 'client');
    for (const rel of info.assets) {
      const target = path.join(clientDir, rel);
      const source = path.join(sourceClient, rel);
      if (fs.existsSync(target) || !fs.existsSync(source)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

function changesBetween(previous: ReleaseInfo | undefined, next: Pick<ReleaseInfo, 'pages' | 'menusHash'>): ReleaseChanges {
  const before = new Map((previous?.pages ?? []).map((p) => [p.pageId, p]));
  const after = new Map(next.pages.map((p) => [p.pageId, p]));
  const named = (p: ReleasePage) => ({ path: p.path, label: p.label });
  return {
    since: previous?.id ?? null,
    added: previous ? next.pages.filter((p) => !before.has(p.pageId)).map(named) : [],
    changed: next.pages.filter((p) => before.has(p.pageId) && before.get(p.pageId)!.hash !== p.hash).map(named),
    removed: (previous?.pages ?? []).filter((p) => !after.has(p.pageId)).map(named),
    menusChanged: previous !== undefined && previous.menusHash !== next.menusHash,
  };
}

/** Points `current` at a release in one step, and makes DIST_DIR/client follow it (once: it points through current). */
function switchTo(distDir: string, id: string): void {
  const paths = releasePaths(distDir);
  const temp = path.join(distDir, `.current-${process.pid}-${randomBytes(3).toString('hex')}`);
  fs.symlinkSync(path.join('releases', id), temp);
  fs.renameSync(temp, paths.current);
  // A build from before releases kept its files directly in DIST_DIR; they go once the first release is served.
  const client = fs.lstatSync(paths.client, { throwIfNoEntry: false });
  if (client && !client.isSymbolicLink()) {
    for (const legacy of ['client', 'server', 'template.html', 'prerender-manifest.json'])
      fs.rmSync(path.join(distDir, legacy), { recursive: true, force: true });
  }
  if (!fs.lstatSync(paths.client, { throwIfNoEntry: false })) fs.symlinkSync(path.join('current', 'client'), paths.client);
}

function appendHistory(distDir: string, line: HistoryLine): void {
  fs.appendFileSync(releasePaths(distDir).history, `${JSON.stringify(line)}\n`);
}

/** Removes all but the newest `keep` releases, never the one being served. Returns the ids removed. */
export function prune(distDir: string, keep = KEEP_RELEASES): string[] {
  const current = currentReleaseId(distDir);
  const ids = listReleases(distDir).map((r) => r.id);
  const removed = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== current);
  for (const id of removed) fs.rmSync(path.join(releasePaths(distDir).releases, id), { recursive: true, force: true });
  return removed;
}

/**
 * Serves an earlier release again: by default the one made before the release being served. The files of the newer
 * kept releases are carried into it first, so pages opened from them keep working. Returns the release now served and
 * the one it replaced.
 */
export function rollback(distDir: string, options: { to?: string; by?: HistoryLine['by'] } = {}): { release: ReleaseEntry; previous: string } {
  const unlock = lock(distDir);
  try {
    const releases = listReleases(distDir);
    const currentIndex = releases.findIndex((r) => r.current);
    if (currentIndex === -1) throw new Error('No release is being served yet: build one first (npm run build).');
    const current = releases[currentIndex]!;
    const target = options.to === undefined ? releases[currentIndex - 1] : releases.find((r) => r.id === options.to);
    if (!target) {
      throw new Error(
        options.to === undefined
          ? `${current.id} is the oldest release kept; there is none before it to go back to.`
          : `There is no release ${options.to}; npm run release -- list shows those kept.`,
      );
    }
    if (target.id === current.id) throw new Error(`${target.id} is already being served.`);
    const targetClient = path.join(releasePaths(distDir).releases, target.id, 'client');
    carryAssets(
      distDir,
      targetClient,
      releases.filter((r) => r.id !== target.id).map((r) => r.id),
    );
    switchTo(distDir, target.id);
    appendHistory(distDir, { at: new Date().toISOString(), action: 'rollback', release: target.id, previous: current.id, by: options.by ?? 'command line' });
    return { release: { ...target, current: true }, previous: current.id };
  } finally {
    unlock();
  }
}
