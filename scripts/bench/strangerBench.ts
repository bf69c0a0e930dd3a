/**
 * What one client with a script can make the server do (issue 24), measured
 * against the API of a project root over HTTP, so the same script runs
 * against this checkout and against an older one side by side:
 * - how many certificate IDs it can classify as existing or not;
 * - how many mails it can make the site send to one address;
 * - how long a password reset takes to answer for a known and an unknown address;
 * - how many bytes it can make the server keep.
 *   npx tsx scripts/bench/strangerBench.ts [ROOT] [SECONDS]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { median, percentile } from '../../tooling/benchStats.ts';
import { spawnServer } from '../lib/serverProcess.ts';
import { stopChild } from '../lib/stopChild.ts';

export interface StrangerResult {
  seconds: number;
  /** Certificate IDs whose existence the client learned (answered), of those it asked. */
  classified: { asked: number; answered: number };
  /** Mails the site wrote to one address the client chose. */
  mailsToVictim: number;
  /** Password reset answers, in milliseconds: an address with an account and one without. */
  reset: { knownMedian: number; knownP95: number; unknownMedian: number; unknownP95: number; statuses: string };
  /** Bytes the server kept (database pages, outbox files) after the client's writes. */
  bytesKept: number;
}

const json = { 'content-type': 'application/json' };
const REAL = ['IC25/700001', 'IC25/700002', 'IC25/700003', 'IC25/700004', 'IC25/700005'];

async function startApi(root: string, env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stranger-'));
  const sqliteFile = path.join(dir, 'site.db');
  // A few certificates that exist, imported as staff would (each checkout's own command).
  const csv = path.join(dir, 'issued.csv');
  fs.writeFileSync(
    csv,
    `certificateID,studentName,regNo,college,courseName,marks,issueDate\n${REAL.map((id) => `${id},Student,REG,College,Course,90%,2025-03-05`).join('\n')}\n`,
  );
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/certificates.ts', 'import', csv], {
    cwd: root,
    env: { ...process.env, SQLITE_FILE: sqliteFile, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const outbox = path.join(root, '.data', 'outbox');
  fs.rmSync(outbox, { recursive: true, force: true });
  const child = spawnServer(path.join(root, 'scripts', 'bench', 'apiServer.ts'), {
    cwd: root,
    env: { ...process.env, SQLITE_FILE: sqliteFile, NODE_ENV: 'production', PUBLIC_URL: 'https://interncraft.in', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sqliteFile,
    outbox,
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: json, body: JSON.stringify(body) });

/** Database pages in use, after the write-ahead log is folded in: what the server keeps on disk. */
function databaseBytes(file: string): number {
  const db = new BetterSqlite3(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    return (pages - free) * (db.pragma('page_size', { simple: true }) as number);
  } finally {
    db.close();
  }
}

function folderBytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

let keys = 0;
const key = () => `stranger-bench-${Date.now()}-${String(++keys).padStart(6, '0')}`;

export async function benchStrangers(root: string, seconds: number): Promise<StrangerResult> {
  const result: StrangerResult = {
    seconds,
    classified: { asked: 0, answered: 0 },
    mailsToVictim: 0,
    reset: { knownMedian: 0, knownP95: 0, unknownMedian: 0, unknownP95: 0, statuses: '' },
    bytesKept: 0,
  };

  // With its production limits: classifying, mailing one address, keeping bytes.
  const limited = await startApi(root, { RATE_LIMITS: 'on' });
  try {
    const before = databaseBytes(limited.sqliteFile);
    const end = Date.now() + seconds * 1000;
    const victim = 'victim.inbox@example.net';
    /** One kind of request, sent again as soon as each is answered, until the time is up: each loop runs beside the others. */
    const loop = async (send: (n: number) => Promise<Response>, onAnswer?: (response: Response) => void) => {
      for (let n = 0; Date.now() < end; n++) {
        const response = await send(n);
        onAnswer?.(response);
        await response.arrayBuffer();
      }
    };
    await Promise.all([
      // One real ID and one made up, one request each, round the routes that look an ID up (each had its own limit), as a
      // script probing the register would: both are classified when both are answered 200 (the answer says which exists),
      // or when their answers differ (a real ID answered while a made-up one is refused or 404 tells it).
      loop(async (n) => {
        const routes = [
          (id: string) => post(`${limited.url}/api/certificates/verify`, { certificateIDs: [id] }),
          ...['pdf', 'credential', 'status', 'qr.svg'].map(
            (file) => (id: string) => fetch(`${limited.url}/api/certificates/${file}?id=${encodeURIComponent(id)}`),
          ),
        ];
        const ask = routes[n % routes.length]!;
        const real = await ask(REAL[n % REAL.length]!);
        await real.arrayBuffer();
        const madeUp = await ask(`IC25/${String(900000 + n)}`);
        result.classified.asked += 2;
        if ((real.status === 200 && madeUp.status === 200) || real.status !== madeUp.status) result.classified.answered += 2;
        return madeUp;
      }),
      loop(() =>
        post(`${limited.url}/api/enquiries/enrolment`, {
          idempotencyKey: key(),
          name: 'Visit https://evil.example/refund',
          email: victim,
          phone: '9876543210',
          courseId: 2,
        }),
      ),
      loop(() => post(`${limited.url}/api/newsletter`, { idempotencyKey: key(), email: victim })),
      loop(() => post(`${limited.url}/api/auth/password-reset`, { email: victim })),
      loop((n) =>
        post(`${limited.url}/api/enquiries/contact`, { idempotencyKey: key(), name: 'Stranger', email: `x${n}@example.org`, message: 'x'.repeat(4000) }),
      ),
      loop((n) => post(`${limited.url}/api/auth/signup`, { fullName: 'Stranger', email: `stranger.${n}@example.org`, password: 'secret12' })),
      loop((n) => post(`${limited.url}/api/auth/login`, { email: `nobody.${n}@example.org`, password: 'wrong-one' })),
    ]);
    // The queue (where there is one) sends within seconds.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    result.mailsToVictim = fs.existsSync(limited.outbox)
      ? fs.readdirSync(limited.outbox).filter((name) => fs.readFileSync(path.join(limited.outbox, name), 'utf8').includes(`To: ${victim}`)).length
      : 0;
    result.bytesKept = databaseBytes(limited.sqliteFile) - before + folderBytes(limited.outbox);
  } finally {
    await limited.stop();
  }

  // Without request limits (one address asks for many resets): how long a reset answer takes.
  const open = await startApi(root, {});
  try {
    await post(`${open.url}/api/auth/signup`, { fullName: 'Known Member', email: 'known.member@example.org', password: 'secret12' });
    const known: number[] = [];
    const unknown: number[] = [];
    const statuses = new Map<string, number>();
    for (let i = 0; i < 60; i++) {
      for (const [email, times] of [
        ['known.member@example.org', known],
        [`unknown.${i}@example.org`, unknown],
      ] as const) {
        const started = performance.now();
        const response = await post(`${open.url}/api/auth/password-reset`, { email });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        const label = `${email.startsWith('known') ? 'known' : 'unknown'} ${response.status}`;
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
      }
    }
    result.reset = {
      knownMedian: median(known),
      knownP95: percentile(known, 95),
      unknownMedian: median(unknown),
      unknownP95: percentile(unknown, 95),
      statuses: [...statuses].map(([label, count]) => `${count}× ${label}`).join(', '),
    };
  } finally {
    await open.stop();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [root = path.resolve(import.meta.dirname, '..', '..'), seconds = '60'] = process.argv.slice(2);
  console.log(JSON.stringify(await benchStrangers(path.resolve(root), Number(seconds)), null, 2));
}
