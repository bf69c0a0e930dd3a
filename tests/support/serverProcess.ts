import { type ChildProcess, spawn } from 'node:child_process';
import { projectRoot } from '../../tooling/projectCopy.ts';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the server has written so far, standard output and error together. */
  output(): string;
  /** Resolves with the exit code (or signal) and how long after `since` the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * `npm run serve` as production runs it (node --import tsx server/main.ts), with the environment given;
 * resolves once it listens, or rejects with its output if it exits first.
 */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /Serving the site and API at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        resolve({ child, port: Number(match[1]), output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
}

/** Runs the server to its end (for starts that are meant to fail): its exit code and output. */
export async function runServerToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  try {
    const server = await startServer(env);
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    return { code, output: server.output() };
  } catch (error) {
    const text = (error as Error).message;
    const code = /exited \((\d+|null)\)/.exec(text)?.[1];
    return { code: code === undefined || code === 'null' ? null : Number(code), output: text };
  }
}
