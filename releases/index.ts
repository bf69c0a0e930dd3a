/**
 * The release store: what the build, the server, the release command and the content editor share about releases,
 * and the only way in (dependency-cruiser holds that nobody imports reading.ts or switching.ts directly).
 *
 * Releases: every build is a folder of its own, written beside the one being served, and the site switches to it
 * only once it is whole.
 *
 *   DIST_DIR/releases/<id>/   one whole build: client/, server/, template.html, prerender-manifest.json, release.json
 *   DIST_DIR/current          a symbolic link to releases/<id>: the release being served
 *   DIST_DIR/client           a symbolic link to current/client, made once: nginx's root (deploy/nginx/site.conf)
 *                             and anything else that reads dist/client follow every switch through it
 *   DIST_DIR/.staging/<id>/   a build in progress; removed when it fails, renamed into releases/ when it is whole
 *   DIST_DIR/history.jsonl    one line per switch: when, to which release, from which, and what asked for it
 *   DIST_DIR/.release.lock    held by the one build, publish or rollback under way (its process id)
 *
 * Why a symbolic link replaced by rename(2): the rename swaps the link in one step, so every reader (each server
 * instance, nginx, a second build) sees the old release or the new one, never a half-written folder or none; and
 * a reader learns which with one readlink, cheap enough to ask on every request. Two instances behind a proxy need
 * nothing else to agree: they read the same link. A pointer file or a database row would need the same care and
 * buy nothing; watching files (inotify) misses changes on network disks and in some containers.
 *
 * A page already open in a browser asks later for the scripts its own release named. Each release therefore holds,
 * beside its own hashed assets, those of the releases still kept (hard links, so no copy is made), and nginx or the
 * server can answer them from the current release alone.
 */
export {
  currentReleaseId,
  type HistoryLine,
  listReleases,
  type ReleaseChanges,
  type ReleaseEntry,
  type ReleaseInfo,
  type ReleasePage,
  readHistory,
  readReleaseInfo,
  releasePaths,
  servedDir,
} from './reading.ts';
export { KEEP_RELEASES, prune, ReleaseBusyError, rollback, type StagedRelease, stageRelease } from './switching.ts';
