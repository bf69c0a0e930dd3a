/**
 * A stalled body after a busy minute (issue 24): a request that sends its headers and one byte of a 200-byte body
 * must be cut off at the request timeout (30 s), also right after four clients have logged in flat out while pages
 * loaded. Against the production server (server/main.ts on the built site, scrypt at its real cost, rate limits off
 * so every log-in hashes): the stalled request's lifetime alone, then right after the log-in storm; during the storm,
 * GET / latencies and the fate of stalled connections opened while it runs (one every second).
 *
 * npx tsx scripts/bench/stalledBodyBench.ts [--storm-seconds=30] [--give-up-seconds=100] [--log] [--root=/path/to/another/checkout]
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { percentile } from '../../tooling/benchStats.ts';
import { startBuiltServer } from '../lib/serverProcess.ts';

export const STORM_CLIENTS = 4;

export interface StalledBodyResult {
  stormSeconds: number;
  /** Seconds from the stalled request's first byte until the server closed it (undefined: still open when the bench gave up). */
  aloneSeconds: number | undefined;
  afterStormSeconds: number | undefined;
  /** What the server answered it, if anything (408 expected). */
  aloneAnswer: string;
  afterStormAnswer: string;
  logins: number;
  pages: number;
  /** GET / during the storm, in ms. */
  pageP50: number;
  pageP99: number;
  pageHighest: number;
  /** Stalled connections opened during the storm: how many, how many the server cut off (and answered 408), their lifetimes. */
  stalledDuringStorm: number;
  stalledCut: number;
  stalledAnswered408: number;
  stalledLifetimeMedian: number | undefined;
  stalledLifetimeHighest: number | undefined;
  giveUpSeconds: number;
}

/** The production server of the checkout at `root`, with this bench's settings. */
function startProductionServer(root: string, sqliteFile: string, log: boolean): ReturnType<typeof startBuiltServer> {
  return startBuiltServer(root, sqliteFile, {
    LOG: log ? 'on' : 'off',
    RATE_LIMITS: 'off',
    DEMO_CERTIFICATES: 'on',
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://interncraft.in',
  });
}

/** Headers and one byte of a 200-byte body, then nothing: how long until the server closes the connection. */
export function stalledBody(port: number, giveUpSeconds: number): Promise<{ seconds: number | undefined; answer: string }> {
  return new Promise((resolve) => {
    let answer = '';
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('POST /api/certificates/verify HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{');
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ seconds: undefined, answer: answer.split('\r\n')[0] ?? '' });
    }, giveUpSeconds * 1000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ seconds: (performance.now() - started) / 1000, answer: answer.split('\r\n')[0] ?? '' });
    });
  });
}

export async function benchStalledBody(
  options: { stormSeconds: number; giveUpSeconds: number; log?: boolean },
  root = path.resolve(import.meta.dirname, '..', '..'),
): Promise<StalledBodyResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stalled-'));
  const { port, child } = await startProductionServer(root, path.join(dir, 'site.db'), options.log ?? false);
  const url = `http://127.0.0.1:${port}`;
  try {
    const alone = await stalledBody(port, options.giveUpSeconds);

    const account = { fullName: 'Load Test', email: 'load@example.com', password: 'secret-load-1' };
    const signup = await fetch(`${url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
    let storming = true;
    let logins = 0;
    let pages = 0;
    const pageTimes: number[] = [];
    const duringStorm: Promise<{ seconds: number | undefined; answer: string }>[] = [];
    const opener = setInterval(() => duringStorm.push(stalledBody(port, options.giveUpSeconds)), 1_000);
    const clients = Array.from({ length: STORM_CLIENTS }, async () => {
      while (storming) {
        const response = await fetch(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: account.email, password: account.password }),
        }).catch(() => undefined);
        await response?.arrayBuffer();
        logins++;
      }
    });
    const visitor = (async () => {
      while (storming) {
        const started = performance.now();
        const response = await fetch(`${url}/`).catch(() => undefined);
        await response?.arrayBuffer();
        if (response?.status === 200) pageTimes.push(performance.now() - started);
        pages++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await new Promise((r) => setTimeout(r, options.stormSeconds * 1000));
    storming = false;
    clearInterval(opener);
    await Promise.all([...clients, visitor]);
    const afterStorm = await stalledBody(port, options.giveUpSeconds);
    const fates = await Promise.all(duringStorm);
    const lifetimes = fates.flatMap((fate) => (fate.seconds === undefined ? [] : [fate.seconds]));
    return {
      stormSeconds: options.stormSeconds,
      aloneSeconds: alone.seconds,
      aloneAnswer: alone.answer,
      afterStormSeconds: afterStorm.seconds,
      afterStormAnswer: afterStorm.answer,
      logins,
      pages,
      pageP50: percentile(pageTimes, 50),
      pageP99: percentile(pageTimes, 99),
      pageHighest: Math.max(...pageTimes),
      stalledDuringStorm: fates.length,
      stalledCut: lifetimes.length,
      stalledAnswered408: fates.filter((fate) => fate.answer.startsWith('HTTP/1.1 408')).length,
      stalledLifetimeMedian: lifetimes.length ? percentile(lifetimes, 50) : undefined,
      stalledLifetimeHighest: lifetimes.length ? Math.max(...lifetimes) : undefined,
      giveUpSeconds: options.giveUpSeconds,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const value = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const root = value('root');
  const result = await benchStalledBody(
    { stormSeconds: Number(value('storm-seconds') ?? 30), giveUpSeconds: Number(value('give-up-seconds') ?? 100), log: process.argv.includes('--log') },
    root ? path.resolve(root) : undefined,
  );
  console.log(JSON.stringify(result, null, 2));
}
