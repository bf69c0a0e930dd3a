/**
 * One import must not stall the server (issue 33): while an owner previews (or writes) a 2 MB certificate file in the
 * staff console, how long does GET /healthz take? Against the API of a checkout (scripts/bench/apiServer.ts, in a
 * process of its own, NODE_ENV=production, its own SQLite file), with an owner made by the checkout's own
 * `npm run staff -- add` and signed in with password and authenticator code. A prober asks /healthz one request after
 * another (a 10 ms pause between) while each import runs; an import is sent `--rounds` times.
 *
 * The files: a header of 1.99 MB of commas; a real-looking CSV of 15,017 rows (1.8 MB), previewed and then written;
 * the same rows each with a problem; a JSON list nested a million deep (2 MB); and a request whose body itself holds
 * lists nested 900,000 deep beside the file.
 *
 *   npx tsx scripts/bench/importStallBench.ts [--root=/path/to/another/checkout] [--rounds=3]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { percentile } from '../../tooling/benchStats.ts';
import { spawnServer } from '../lib/serverProcess.ts';
import { stopChild } from '../lib/stopChild.ts';

export interface ImportCase {
  name: string;
  fileName: string;
  text: string;
  write: boolean;
  /** The request's body as sent, instead of { fileName, text, write }. */
  body?: string;
}

export interface ImportStallResult {
  name: string;
  /** Characters of the file's text. */
  fileChars: number;
  /** The answer to the import, each round: its status, bytes and milliseconds. */
  statuses: number[];
  answerBytes: number;
  importMs: number[];
  /** /healthz while the import ran, over every round. */
  probes: number;
  healthP50: number;
  healthP99: number;
  healthHighest: number;
}

const json = { 'content-type': 'application/json' };
const HEADER = 'certificateID,studentName,regNo,college,courseName,marks,issueDate';

function certificateRows(count: number, broken: boolean): string {
  const lines = [HEADER];
  for (let i = 0; i < count; i++)
    lines.push(
      broken
        ? `IC25-${100000 + i},,REG2025CS${i},"College of Engineering, Patna",Web Development Internship,${60 + (i % 40)}%,2025-13-45`
        : `IC25/${100000 + i},Student Name ${i},REG2025CS${i},"College of Engineering, Patna",Web Development Internship,${60 + (i % 40)}%,2025-03-05`,
    );
  return `${lines.join('\n')}\n`;
}

export function importCases(): ImportCase[] {
  return [
    { name: 'a header of 1.99 MB of commas', fileName: 'commas.csv', text: `${','.repeat(1_990_000)}\n`, write: false },
    { name: '15,017 rows, preview', fileName: 'november.csv', text: certificateRows(15_017, false), write: false },
    { name: '15,017 rows, each with a problem, preview', fileName: 'broken.csv', text: certificateRows(15_017, true), write: false },
    { name: 'JSON nested a million deep', fileName: 'deep.json', text: `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, write: false },
    {
      name: 'a request body of lists nested 900,000 deep',
      fileName: 'body.csv',
      text: '',
      write: false,
      body: `{"fileName":"body.csv","text":"x","write":false,"extra":${'['.repeat(900_000)}${']'.repeat(900_000)}}`,
    },
    { name: '15,017 rows, written', fileName: 'november.csv', text: certificateRows(15_017, false), write: true },
  ];
}

/** The checkout's API on a port of this machine, answering once it prints "listening". */
async function startApi(root: string, sqliteFile: string) {
  const child = spawnServer(path.join(root, 'scripts', 'bench', 'apiServer.ts'), {
    cwd: root,
    env: {
      ...process.env,
      SQLITE_FILE: sqliteFile,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://interncraft.in',
      RATE_LIMITS: 'off',
      LOG: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before listening: ${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

function cookie(response: Response, name: string): string {
  const found = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie (${response.status})`);
  return found.split(';')[0]!;
}

/** An owner of the console, made as an operator makes one (the checkout's own command), signed in with both steps. */
async function ownerSession(root: string, url: string, sqliteFile: string): Promise<string> {
  const email = 'bench-owner@example.com';
  const password = 'bench password 1';
  const signup = await fetch(`${url}/api/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ fullName: 'Bench Owner', email, password }) });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/staff.ts', 'add', email, '--role', 'owner'], {
    cwd: root,
    env: { ...process.env, SQLITE_FILE: sqliteFile, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const login = await fetch(`${url}/api/staff/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  const secret = ((await login.json()) as { setup: { secret: string } }).setup.secret;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const second = await fetch(`${url}/api/staff/second-factor`, {
    method: 'POST',
    headers: { ...json, cookie: cookie(login, 'ic_staff') },
    body: JSON.stringify({ code }),
  });
  if (second.status !== 200) throw new Error(`second factor answered ${second.status}`);
  return cookie(second, 'ic_staff');
}

/** /healthz one after another until `stop` says so: each answer's milliseconds. */
function probe(url: string): { stop: () => Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

export async function benchImportStall(
  options: { rounds: number; log?: (m: string) => void },
  root = path.resolve(import.meta.dirname, '..', '..'),
): Promise<{ alone: { probes: number; p50: number; p99: number; highest: number }; cases: ImportStallResult[] }> {
  const log = options.log ?? (() => undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const sqliteFile = path.join(dir, 'site.db');
  const { child, url } = await startApi(root, sqliteFile);
  try {
    const session = await ownerSession(root, url, sqliteFile);
    // The server warm (the first import may start what later ones reuse), and /healthz alone for two seconds.
    await fetch(`${url}/api/staff/certificates/import`, {
      method: 'POST',
      headers: { ...json, cookie: session },
      body: JSON.stringify({ fileName: 'warm.csv', text: certificateRows(10, false), write: false }),
    });
    const quiet = probe(url);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const aloneTimes = await quiet.stop();
    const alone = { probes: aloneTimes.length, p50: percentile(aloneTimes, 50), p99: percentile(aloneTimes, 99), highest: Math.max(...aloneTimes) };
    log(`/healthz alone: p50 ${alone.p50.toFixed(1)} / p99 ${alone.p99.toFixed(1)} ms`);
    const cases: ImportStallResult[] = [];
    for (const item of importCases()) {
      const statuses: number[] = [];
      const importMs: number[] = [];
      const healthTimes: number[] = [];
      let answerBytes = 0;
      for (let round = 0; round < options.rounds; round++) {
        // A write writes the same rows each round: the first adds them, the later ones find them unchanged.
        const prober = probe(url);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const started = performance.now();
        const response = await fetch(`${url}/api/staff/certificates/import`, {
          method: 'POST',
          headers: { ...json, cookie: session },
          body: item.body ?? JSON.stringify({ fileName: item.fileName, text: item.text, write: item.write }),
        });
        const answer = await response.arrayBuffer();
        importMs.push(performance.now() - started);
        healthTimes.push(...(await prober.stop()));
        statuses.push(response.status);
        answerBytes = Math.max(answerBytes, answer.byteLength);
      }
      const result: ImportStallResult = {
        name: item.name,
        fileChars: (item.body ?? item.text).length,
        statuses,
        answerBytes,
        importMs,
        probes: healthTimes.length,
        healthP50: percentile(healthTimes, 50),
        healthP99: percentile(healthTimes, 99),
        healthHighest: Math.max(...healthTimes),
      };
      cases.push(result);
      log(
        `${item.name}: ${statuses.join(', ')} in ${importMs.map((ms) => ms.toFixed(0)).join(', ')} ms, ${answerBytes} bytes; /healthz p50 ${result.healthP50.toFixed(1)} / p99 ${result.healthP99.toFixed(1)} / highest ${result.healthHighest.toFixed(1)} ms (${result.probes} probes)`,
      );
    }
    return { alone, cases };
  } finally {
    await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const value = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const root = value('root');
  const result = await benchImportStall({ rounds: Number(value('rounds') ?? 3), log: (m) => console.error(m) }, root ? path.resolve(root) : undefined);
  console.log(JSON.stringify(result, null, 2));
}
