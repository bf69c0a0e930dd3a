/**
 * npm run release -- list              the releases kept in DIST_DIR, newest first, with the one being served
 * npm run release -- rollback [ID]     serve the release before the current one again (or the one named)
 * npm run release -- history           every switch: when, to which release, from which, and what asked for it
 *
 * A build makes a release (releases/, the release store); the running server, every instance of it, answers
 * from the release DIST_DIR/current names from its next request on. Nothing here restarts anything.
 */
import { pathToFileURL } from 'node:url';
import { listReleases, type ReleaseChanges, readHistory, rollback } from '../../releases/index.ts';
import { type Settings, settingsOrExit } from '../settings.ts';
import { type Io, processIo } from './context.ts';

const usage = 'Usage: npm run release -- list | rollback [ID] | history';

/** "2 pages added, 1 changed, menus changed": what a release changed, in one line. */
export function changesLine(changes: ReleaseChanges): string {
  if (changes.since === null) return 'the first release';
  const parts = [
    changes.added.length ? `${changes.added.length} added (${changes.added.map((p) => p.path).join(', ')})` : '',
    changes.changed.length ? `${changes.changed.length} changed` : '',
    changes.removed.length ? `${changes.removed.length} removed (${changes.removed.map((p) => p.path).join(', ')})` : '',
    changes.menusChanged ? 'menus changed' : '',
  ].filter(Boolean);
  return parts.length ? `pages ${parts.join(', ')}` : 'no page changed';
}

export async function runRelease(args: readonly string[], settings: Settings, io: Io = processIo): Promise<number> {
  const [command, id] = args;
  const dist = settings.distDir;
  switch (command) {
    case 'list': {
      const releases = listReleases(dist).reverse();
      if (!releases.length) {
        io.out(`No releases in ${dist} yet: npm run build makes one.\n`);
        return 0;
      }
      for (const r of releases) {
        io.out(
          `${r.current ? '* ' : '  '}${r.id}  ${r.createdAt}  ${r.by === 'editor' ? 'published from the editor' : 'built'}  ${r.pages} pages  ${changesLine(r.changes)}\n`,
        );
      }
      io.out('\n* is being served. npm run release -- rollback [ID] serves an earlier one again.\n');
      return 0;
    }
    case 'rollback': {
      try {
        const done = rollback(dist, { ...(id ? { to: id } : {}), by: 'command line' });
        io.out(
          `Now serving ${done.release.id} (built ${done.release.createdAt}) instead of ${done.previous}; running servers answer from it from their next request.\n`,
        );
        return 0;
      } catch (error) {
        io.err(`${(error as Error).message}\n`);
        return 1;
      }
    }
    case 'history': {
      const lines = readHistory(dist);
      if (!lines.length) io.out('Nothing has been published here yet.\n');
      for (const line of lines)
        io.out(
          `${line.at}  ${line.action === 'publish' ? 'published' : 'rolled back to'} ${line.release}  (was ${line.previous ?? 'nothing'}; by ${line.by})\n`,
        );
      return 0;
    }
    default:
      io.err(`${usage}\n`);
      return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await runRelease(process.argv.slice(2), settingsOrExit());
