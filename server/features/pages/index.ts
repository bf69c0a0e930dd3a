/**
 * The site's pages: what the rest of the server, the build and the command line may use: the shape of a loader for
 * pages rendered per request, and the releases the site is served from (releases.ts).
 */

export {
  currentReleaseId,
  type HistoryLine,
  KEEP_RELEASES,
  listReleases,
  prune,
  ReleaseBusyError,
  type ReleaseChanges,
  type ReleaseEntry,
  type ReleaseInfo,
  type ReleasePage,
  readHistory,
  readReleaseInfo,
  releasePaths,
  rollback,
  type StagedRelease,
  servedDir,
  stageRelease,
} from './releases.ts';
export type { PageDataLoader } from './renderer.ts';
