/**
 * Where a DIST_DIR keeps its releases, which one is served, and what each says of itself: all a reader needs (the
 * server on every request, the release command's list, the editor's history). Nothing here writes.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What the summary of a publish names for each page. */
export interface ReleasePage {
  pageId: string;
  path: string;
  /** What a person calls the page (its label: the title without the site's name). */
  label: string;
  /** SHA-256 of the page as resolved by the build: it changes when anything the page shows changes. */
  hash: string;
}

export interface ReleaseChanges {
  /** The release these changes are counted from (the one being served when this one was made), or null for the first. */
  since: string | null;
  added: { path: string; label: string }[];
  changed: { path: string; label: string }[];
  removed: { path: string; label: string }[];
  /** The menus or the footer changed (every page shows them, so they are not counted as changes of each page). */
  menusChanged: boolean;
}

/** release.json: what a release holds, written by the build before the release is switched to. */
export interface ReleaseInfo {
  id: string;
  /** ISO time the build finished. */
  createdAt: string;
  /** What made it: npm run build (or npm start), or the content editor's Publish. */
  by: 'build' | 'editor';
  pages: ReleasePage[];
  /** SHA-256 of the menus and footer. */
  menusHash: string;
  /** The build's own hashed files under client/ (assets/…, with their .br and .gz copies), which later releases carry. */
  assets: string[];
  changes: ReleaseChanges;
  /** Each content document's SHA-256 and the links that were placeholders: what the next publish compares with (older releases lack it). */
  published?: { sources: Record<string, string>; placeholders: string[] };
}

export interface ReleaseEntry {
  id: string;
  createdAt: string;
  by: ReleaseInfo['by'];
  pages: number;
  current: boolean;
  changes: ReleaseChanges;
}

export interface HistoryLine {
  at: string;
  action: 'publish' | 'rollback';
  release: string;
  previous: string | null;
  by: 'build' | 'editor' | 'command line';
}

export function releasePaths(distDir: string) {
  return {
    releases: path.join(distDir, 'releases'),
    current: path.join(distDir, 'current'),
    client: path.join(distDir, 'client'),
    staging: path.join(distDir, '.staging'),
    history: path.join(distDir, 'history.jsonl'),
    lock: path.join(distDir, '.release.lock'),
  };
}

/** The release being served, by its id; undefined when DIST_DIR has none (a build from before releases, or nothing built). */
export function currentReleaseId(distDir: string): string | undefined {
  const link = releasePaths(distDir).current;
  if (!fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
  return path.basename(fs.readlinkSync(link));
}

/**
 * The folder the site is answered from: the current release's, or DIST_DIR itself when it holds a build made as one
 * folder (before releases, or copied into place as it is).
 */
export function servedDir(distDir: string): string {
  const id = currentReleaseId(distDir);
  return id === undefined ? distDir : path.join(releasePaths(distDir).releases, id);
}

export function readReleaseInfo(distDir: string, id: string): ReleaseInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(releasePaths(distDir).releases, id, 'release.json'), 'utf8')) as ReleaseInfo;
  } catch {
    return undefined;
  }
}

/** Every release kept, oldest first (ids sort by time), with which one is served. */
export function listReleases(distDir: string): ReleaseEntry[] {
  const dir = releasePaths(distDir).releases;
  if (!fs.existsSync(dir)) return [];
  const current = currentReleaseId(distDir);
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((id) => {
      const info = readReleaseInfo(distDir, id);
      if (!info) return [];
      return [{ id, createdAt: info.createdAt, by: info.by, pages: info.pages.length, current: id === current, changes: info.changes }];
    });
}

export function readHistory(distDir: string): HistoryLine[] {
  const file = releasePaths(distDir).history;
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as HistoryLine];
      } catch {
        return [];
      }
    });
}
