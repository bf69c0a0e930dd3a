/**
 * Addresses that flood (issue 24): `GET /certificate/X` followed by 64 × `%24%60` once answered 233 MB (the page
 * template copied once per `$``), 100 × answered 500, and three connections asking for it without reading held
 * gigabytes. Against the production server (server/main.ts on the built site, rate limits off so every address is
 * rendered, the lookup budget lifted): each of those requests alone, then a few thousand random addresses (the path property test's, with a
 * fixed seed), then three connections that ask and never read while a visitor opens / now and then, the server's
 * resident memory sampled throughout.
 *
 * npx tsx scripts/bench/floodBench.ts [--paths=2000] [--hold-seconds=20] [--root=/path/to/another/checkout]
 * (--root runs the same against another checkout's build, for a before-and-after.)
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { percentile } from '../../tooling/benchStats.ts';
import { rawRequest } from '../../tooling/rawHttp.ts';
import { requestTarget } from '../../tooling/requestTargets.ts';
import { startBuiltServer } from '../lib/serverProcess.ts';

export const FLOOD_TAIL = '%24%60';
export const HELD_CONNECTIONS = 3;
/** How much of one answer the bench reads before it stops counting (the worst once was 233 MB). */
const MOST_READ = 512 * 1024 * 1024;

export interface SingleFlood {
  times: number;
  status: number;
  bytes: number;
  overCap: boolean;
  ms: number;
}

export interface FloodResult {
  single: SingleFlood[];
  paths: {
    count: number;
    largestBytes: number;
    largestTarget: string;
    serverErrors: number;
    unanswered: number;
    statuses: Record<string, number>;
    seconds: number;
  };
  held: { connections: number; seconds: number; rssBeforeMb: number; rssPeakMb: number; home: { p50Ms: number; maxMs: number; failed: number; count: number } };
}

/** The production server of the checkout at `root`, with this bench's settings. */
function startProductionServer(root: string, sqliteFile: string): ReturnType<typeof startBuiltServer> {
  return startBuiltServer(root, sqliteFile, {
    RATE_LIMITS: 'off',
    // The lookup budget too: every certificate address is rendered, none refused with 429.
    LOOKUP_BUDGET: '1000000000',
    DEMO_CERTIFICATES: 'on',
  });
}

/** Resident memory of a process now (Linux's VmRSS), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Connections that send the request and never read a byte of the answer (the server must hold what it cannot send). */
function heldConnections(port: number, target: string, count: number): net.Socket[] {
  return Array.from({ length: count }, () => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      socket.pause();
    });
    socket.on('error', () => undefined);
    return socket;
  });
}

export async function benchFlood(options: { paths: number; holdSeconds: number }, root = path.resolve(import.meta.dirname, '..', '..')): Promise<FloodResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-flood-'));
  const { port, child } = await startProductionServer(root, path.join(dir, 'site.db'));
  const pid = child.pid!;
  try {
    const single: SingleFlood[] = [];
    for (const times of [64, 100]) {
      const started = performance.now();
      const answer = await rawRequest(port, `/certificate/X${FLOOD_TAIL.repeat(times)}`, { cap: MOST_READ, timeoutMs: 180_000 });
      single.push({ times, ...answer, ms: performance.now() - started });
    }

    const targets = fc.sample(requestTarget, { seed: 24, numRuns: options.paths });
    const paths = { count: 0, largestBytes: 0, largestTarget: '', serverErrors: 0, unanswered: 0, statuses: {} as Record<string, number>, seconds: 0 };
    const pathsStarted = performance.now();
    for (const target of targets) {
      const answer = await rawRequest(port, target, { cap: 64 * 1024 * 1024, timeoutMs: 120_000 });
      paths.count++;
      paths.statuses[answer.status] = (paths.statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 500) paths.serverErrors++;
      if (answer.status === 0) paths.unanswered++;
      if (answer.bytes > paths.largestBytes) {
        paths.largestBytes = answer.bytes;
        paths.largestTarget = target.length > 80 ? `${target.slice(0, 80)}…` : target;
      }
    }
    paths.seconds = (performance.now() - pathsStarted) / 1000;

    const rssBeforeMb = rssMb(pid);
    let rssPeakMb = rssBeforeMb;
    const sockets = heldConnections(port, `/certificate/X${FLOOD_TAIL.repeat(64)}`, HELD_CONNECTIONS);
    const home: number[] = [];
    let failed = 0;
    const until = Date.now() + options.holdSeconds * 1000;
    const sampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
    }, 100);
    const pending: Promise<void>[] = [];
    while (Date.now() < until) {
      const started = performance.now();
      pending.push(
        fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(60_000) }).then(
          async (response) => {
            await response.arrayBuffer();
            if (response.ok) home.push(performance.now() - started);
            else failed++;
          },
          () => {
            failed++;
          },
        ),
      );
      await new Promise((r) => setTimeout(r, 500));
    }
    await Promise.all(pending);
    clearInterval(sampler);
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
    for (const socket of sockets) socket.destroy();
    return {
      single,
      paths,
      held: {
        connections: HELD_CONNECTIONS,
        seconds: options.holdSeconds,
        rssBeforeMb,
        rssPeakMb,
        home: { p50Ms: percentile(home, 50), maxMs: home.length ? Math.max(...home) : Number.NaN, failed, count: home.length },
      },
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const value = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const root = value('root');
  const result = await benchFlood(
    { paths: Number(value('paths') ?? 2000), holdSeconds: Number(value('hold-seconds') ?? 20) },
    root ? path.resolve(root) : undefined,
  );
  console.log(JSON.stringify(result, null, 2));
}
