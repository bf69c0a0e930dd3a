import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import net from 'node:net';
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

/** A port of this machine that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The site's server (server/main.ts) of a built checkout at `root` (this one, or a baseline beside it), on a free port
 * of this machine with a database of its own; resolves once it serves. `env` adds to or changes the bench's settings.
 */
export async function startBuiltServer(
  root: string,
  sqliteFile: string,
  env: Record<string, string> = {},
): Promise<{ port: number; url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnServer(path.join(root, 'server', 'main.ts'), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: sqliteFile,
      CREATE_DATABASE: '1',
      DIST_DIR: path.join(root, 'dist'),
      LOG: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: root,
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Serving the site')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${output}`)));
  });
  return { port, url: `http://127.0.0.1:${port}`, child };
}
