import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A server entry (TypeScript, through tsx) in a process of its own, for the
 * bench, the soak test and the Lighthouse bench: the load they make must not
 * share the server's thread.
 */
export function spawnServer(entry: string, options: { env?: NodeJS.ProcessEnv; stdio?: StdioOptions; nodeFlags?: string[]; cwd?: string } = {}): ChildProcess {
  return spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', path.resolve(root, entry)], {
    cwd: options.cwd ?? root,
    env: options.env ?? process.env,
    stdio: options.stdio ?? 'inherit',
  });
}
