import type { ChildProcess } from 'node:child_process';

/** Ends a server the scripts started (SIGTERM) and resolves once it has exited; at once if it already had (a crash will not say so again). */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
