import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawnServer } from '../lib/serverProcess.ts';
import { stopChild } from '../lib/stopChild.ts';
import { benchCertificateId, certificateDatabase } from './certificateDb.ts';

export interface LoadRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** The verify goal: a p99 below P99_TARGET_MS with OFFERED_RATE requests a second offered, at a million certificates. */
export const OFFERED_RATE = 1000;
export const P99_TARGET_MS = 50;

/** Each route's runs, round by round. */
export interface RouteRuns {
  empty: LoadRun[];
  verify: LoadRun[];
}

export interface ApiResult {
  certificates: number;
  /** With OFFERED_RATE requests a second offered. */
  offered: RouteRuns;
  /** Flat out. */
  flatOut: RouteRuns;
  /** Verify flat out while log-ins run at the same time, and the log-ins themselves. */
  verifyWithLogins: LoadRun;
  logins: LoadRun;
  memoryMb: number;
}

const root = path.resolve(import.meta.dirname, '..', '..');

export interface Server {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(sqliteFile: string, env: Record<string, string> = {}, nodeFlags: string[] = []): Promise<Server> {
  const child = spawnServer('scripts/bench/apiServer.ts', {
    env: { ...process.env, SQLITE_FILE: sqliteFile, NODE_ENV: 'production', PUBLIC_URL: 'https://interncraft.in', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    nodeFlags,
  });
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, process: child, stop: () => stopChild(child) };
}

export function run(options: autocannon.Options): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.non2xx + result.timeouts,
      });
    });
  });
}

/**
 * A fresh body for every request: 10 IDs drawn at random from the whole
 * table, all of them found, so no cache anywhere sees the same lookup twice
 * more often than chance would have it.
 */
export function randomVerifyBody(certificates: number): () => string {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  return () => JSON.stringify({ certificateIDs: Array.from({ length: 10 }, () => benchCertificateId(next() % certificates)) });
}

export function postEach(url: string, body: () => string, seconds: number, connections: number): autocannon.Options {
  return {
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
  };
}

/**
 * The same load held to `rate` requests a second. Latencies are recorded as
 * measured: autocannon's coordinated-omission correction takes 1 ms as the
 * expected interval at any rate and adds made-up shorter samples.
 */
export function offered(options: autocannon.Options, rate: number): autocannon.Options {
  return { ...options, overallRate: rate, ignoreCoordinatedOmission: true };
}

async function memoryOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

/**
 * Verify (10 IDs a request) against the empty route, at each size in
 * `sizes`: with OFFERED_RATE requests a second offered (latency), and flat
 * out (rate). One server per size, all started before the first run, and the
 * runs alternate between routes, loads and sizes, so that every figure is
 * measured in the same minutes of the same machine. Then, at each size,
 * verify again while log-ins (real scrypt cost) run beside it.
 */
export async function benchApi(
  sizes: readonly number[],
  seconds: number,
  rounds: number,
  progress: (message: string) => void = () => {},
): Promise<ApiResult[]> {
  const servers: { certificates: number; server: Server; bodies: () => string }[] = [];
  try {
    for (const certificates of sizes) {
      progress(`API: server with ${certificates.toLocaleString('en-US')} certificates…`);
      const file = await certificateDatabase(path.join(root, '.cache', 'bench'), certificates);
      servers.push({ certificates, server: await startServer(file), bodies: randomVerifyBody(certificates) });
    }
    const connections = 10;
    const urls = (server: Server) => ({ verify: `${server.url}/api/certificates/verify`, empty: `${server.url}/api/bench/empty` });
    for (const { server, bodies } of servers) {
      await run(postEach(urls(server).verify, bodies, 1, connections)); // warm-up
      await run(postEach(urls(server).empty, bodies, 1, connections));
    }
    const runs = servers.map(() => ({ offered: { empty: [], verify: [] } as RouteRuns, flatOut: { empty: [], verify: [] } as RouteRuns }));
    for (let round = 0; round < rounds; round++) {
      progress(`API: round ${round + 1} of ${rounds}…`);
      for (const [i, { server, bodies }] of servers.entries()) {
        const { offered: atRate, flatOut } = runs[i]!;
        flatOut.empty.push(await run(postEach(urls(server).empty, bodies, seconds, connections)));
        flatOut.verify.push(await run(postEach(urls(server).verify, bodies, seconds, connections)));
        atRate.empty.push(await run(offered(postEach(urls(server).empty, bodies, seconds, connections), OFFERED_RATE)));
        atRate.verify.push(await run(offered(postEach(urls(server).verify, bodies, seconds, connections), OFFERED_RATE)));
      }
    }
    const results: ApiResult[] = [];
    for (const [i, { certificates, server, bodies }] of servers.entries()) {
      progress(`API: verify with log-ins at ${certificates.toLocaleString('en-US')} certificates…`);
      const loginBody = await signUpBenchUser(server.url);
      const [verifyWithLogins, logins] = await Promise.all([
        run(postEach(urls(server).verify, bodies, seconds, connections)),
        run(postEach(`${server.url}/api/auth/login`, () => loginBody, seconds, 2)),
      ]);
      results.push({ certificates, ...runs[i]!, verifyWithLogins, logins, memoryMb: await memoryOf(server.process.pid!) });
    }
    return results;
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
  }
}

/** Signs a user up and answers the body that logs them in. */
export async function signUpBenchUser(baseUrl: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-password-1';
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Bench User', registrationNo: 'BENCH001', email, password }),
  });
  if (!signup.ok) throw new Error(`bench: sign-up failed with ${signup.status}: ${await signup.text()}`);
  return JSON.stringify({ email, password });
}

/** The round with the most requests per second: noise only ever slows a run down. */
export function best(runs: LoadRun[]): LoadRun {
  return runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
}
