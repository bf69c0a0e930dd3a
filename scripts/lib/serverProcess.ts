import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import path from 'node:path';
import { withHugePages } from '../../server/runtime/hugePages.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A server entry (TypeScript, through tsx) in a process of its own, started as
 * npm start starts the site's server: with huge pages for the verify index on
 * Linux (see hugePages.ts). npm start, the bench, the soak test and the
 * Lighthouse bench all start theirs here, so that what is measured is what runs.
 */
export function spawnServer(entry: string, options: { env?: NodeJS.ProcessEnv; stdio?: StdioOptions; nodeFlags?: string[] } = {}): ChildProcess {
  return spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', path.resolve(root, entry)], {
    cwd: root,
    env: withHugePages(options.env ?? process.env),
    stdio: options.stdio ?? 'inherit',
  });
}
