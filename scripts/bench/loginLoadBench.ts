/**
 * Launch day: four clients log in flat out while visitors open the home page
 * and verify certificates. The production server (server/main.ts, the built
 * site, scrypt at OWASP's cost, no rate limits, so that every log-in hashes)
 * is probed first alone, then under the log-ins: the probes' latency beside
 * their own baseline. Then SIGTERM with log-ins in flight: how long the stop
 * takes. Memory: the server's peak resident size.
 *
 * npx tsx scripts/bench/loginLoadBench.ts [--seconds=60] [--root=/path/to/another/checkout]
 * (--root runs the same against another checkout, for a before-and-after.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile } from '../../tooling/benchStats.ts';
import { startBuiltServer } from '../lib/serverProcess.ts';

export interface ProbeFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  count: number;
  failed: number;
}

export interface LoginLoadResult {
  seconds: number;
  alone: { home: ProbeFigures; verify: ProbeFigures };
  underLogins: { home: ProbeFigures; verify: ProbeFigures };
  logins: { answered: number; busy: number; failed: number; otherAnswers: Record<string, number> };
  peakMemoryMb: number;
  stop: { ms: number; code: number | null; inFlight: number };
}

export const LOGIN_CLIENTS = 4;
/** Each probe asks this often: a steady stream of visitors, not a load of its own. */
const PROBE_EVERY_MS = 50;

/** The production server of the checkout at `root`, with this bench's settings. */
function startProductionServer(root: string, sqliteFile: string): ReturnType<typeof startBuiltServer> {
  return startBuiltServer(root, sqliteFile, {
    RATE_LIMITS: 'off',
    // Its verifications all come from one address: the hourly lookup allowance would answer them 429 (a server from before it ignores this).
    LOOKUP_ALLOWANCE: '100000000',
    DEMO_CERTIFICATES: 'on',
  });
}

/** Peak resident memory of a process so far (Linux's VmHWM), in MB. */
function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Asks `ask` every PROBE_EVERY_MS until `until`, each on its own (a slow answer does not delay the next question). */
async function probe(ask: () => Promise<Response>, until: number): Promise<ProbeFigures> {
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    pending.push(
      ask().then(
        async (response) => {
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - started);
          else failed++;
        },
        () => {
          failed++;
        },
      ),
    );
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  await Promise.all(pending);
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), maxMs: Math.max(...latencies), count: latencies.length, failed };
}

function probes(url: string, until: number) {
  const verifyBody = JSON.stringify({ certificateIDs: ['IC25/123456'] });
  return Promise.all([
    probe(() => fetch(`${url}/`), until),
    probe(() => fetch(`${url}/api/certificates/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: verifyBody }), until),
  ]);
}

export async function benchLoginLoad(seconds: number, root = path.resolve(import.meta.dirname, '..', '..')): Promise<LoginLoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-logins-'));
  const { url, child } = await startProductionServer(root, path.join(dir, 'site.db'));
  try {
    const account = { fullName: 'Load Test', email: 'load@example.com', password: 'secret-load-1' };
    const signup = await fetch(`${url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);

    const baselineSeconds = Math.max(3, Math.round(seconds / 4));
    const [home, verify] = await probes(url, Date.now() + baselineSeconds * 1000);

    const logins = { answered: 0, busy: 0, failed: 0, otherAnswers: {} as Record<string, number> };
    let loggingIn = true;
    let inFlight = 0;
    const clients = Array.from({ length: LOGIN_CLIENTS }, async () => {
      while (loggingIn) {
        inFlight++;
        try {
          const response = await fetch(`${url}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: account.email, password: account.password }),
          });
          await response.arrayBuffer();
          if (response.status === 200) logins.answered++;
          else if (response.status === 503) logins.busy++;
          else {
            logins.failed++;
            logins.otherAnswers[response.status] = (logins.otherAnswers[response.status] ?? 0) + 1;
          }
        } catch (error) {
          logins.failed++;
          const why = String((error as Error & { cause?: Error }).cause?.message ?? error);
          logins.otherAnswers[why] = (logins.otherAnswers[why] ?? 0) + 1;
          if (!loggingIn) return;
        } finally {
          inFlight--;
        }
      }
    });
    const [homeUnder, verifyUnder] = await probes(url, Date.now() + seconds * 1000);
    const peak = peakMemoryMb(child.pid!);

    // Stop the server while the log-ins are still coming: the requests in flight finish, then the process ends.
    const inFlightAtStop = inFlight;
    loggingIn = false;
    const signalled = performance.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    const stopMs = performance.now() - signalled;
    await Promise.all(clients);
    return {
      seconds,
      alone: { home, verify },
      underLogins: { home: homeUnder, verify: verifyUnder },
      logins,
      peakMemoryMb: peak,
      stop: { ms: stopMs, code, inFlight: inFlightAtStop },
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice('--seconds='.length) ?? 60);
  const root = process.argv.find((a) => a.startsWith('--root='))?.slice('--root='.length);
  console.log(JSON.stringify(await benchLoginLoad(seconds, root ? path.resolve(root) : undefined), null, 2));
}
