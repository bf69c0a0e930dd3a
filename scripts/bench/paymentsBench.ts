/**
 * The console's payments screen and the bank statement import at scale (issue 35): an embedded database with
 * `--orders` orders (100,000 by default; one every 5 minutes back from now, a twentieth reported and waiting, most
 * of the rest paid), made once under .cache/bench through the real migrations, then each request answered in process
 * (app.inject: routing, the guard, the queries, the answer) `--requests` times: p50 and p95.
 *
 *   npx tsx scripts/bench/paymentsBench.ts [--orders=100000] [--requests=30]
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { TEST_SCRYPT } from '../../server/security/passwords.ts';
import { percentile } from '../../tooling/benchStats.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { signedInOwner } from './staffBench.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ORDERS = arg('orders', 100_000);
const REQUESTS = arg('requests', 30);

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const referenceOf = (i: number) => {
  let out = '';
  for (let n = i, k = 0; k < 9; k++, n = Math.floor(n / ALPHABET.length)) out += ALPHABET[n % ALPHABET.length];
  return `ICO${out}`;
};
const utrOf = (i: number) => String(500_000_000_000 + i);

async function ordersDatabase(orders: number): Promise<string> {
  const dir = path.join(projectRoot, '.cache', 'bench');
  const file = path.join(dir, `payments-v1-${orders}.db`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  await (await openDatabase({ sqliteFile: partial })).close();
  const sqlite = new BetterSqlite3(partial);
  const insert = sqlite.prepare(
    `INSERT INTO orders (reference, idempotency_key, kind, subject_id, subject_title, amount, status, status_at, name, email, email_normalized, client, created_at, expires_at, utr, reported_at, paid_at, confirmed_by, receipt_no, receipt_number)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const first = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Isha', 'Kabir', 'Meera', 'Arjun', 'Diya'];
  const last = ['Sharma', 'Iyer', 'Khan', 'Das', 'Reddy', 'Singh', 'Nair', 'Gupta'];
  const now = Date.now();
  let receipt = 0;
  sqlite.transaction(() => {
    for (let i = 0; i < orders; i++) {
      const at = new Date(now - (orders - i) * 300_000).toISOString();
      const status = i % 20 === 0 ? 'paymentReported' : i % 7 === 0 ? 'expired' : 'paid';
      const paid = status === 'paid';
      const gift = i % 3 === 0;
      insert.run(
        referenceOf(i),
        `bench-${i}`,
        gift ? 'gift' : 'course',
        gift ? 'laptops2026' : 'PythonProgramming',
        gift ? 'Laptops and internet' : 'Python Programming',
        gift ? 500 + (i % 10) * 100 : 10000,
        status,
        at,
        `${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]} ${i}`,
        `payer${i}@example.com`,
        `payer${i}@example.com`,
        `client${i % 5000}`,
        at,
        new Date(now - (orders - i) * 300_000 + 48 * 3_600_000).toISOString(),
        status === 'expired' ? null : utrOf(i),
        status === 'expired' ? null : at,
        paid ? at : null,
        paid ? 'bench@example.com' : null,
        paid ? ++receipt : null,
        paid ? `IC/2026-27/${String(receipt).padStart(6, '0')}` : null,
      );
    }
    sqlite.prepare("UPDATE counters SET value = ? WHERE name = 'receipt'").run(receipt);
  })();
  sqlite.close();
  fs.renameSync(partial, file);
  return file;
}

const file = await ordersDatabase(ORDERS);
// A copy per run: the statement's confirmation would otherwise change the cached database.
const copy = `${file}.run`;
const dropCopy = () => {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${copy}${suffix}`, { force: true });
};
dropCopy();
fs.copyFileSync(file, copy);
const database = await openDatabase({ sqliteFile: copy });
// Receipts and refusals a bench confirms are not mailed anywhere.
const mailer = { destination: 'nowhere (bench)', send: async () => {}, close: () => {} };
const app = await buildApp({ database, root: projectRoot, rateLimits: false, scryptCost: TEST_SCRYPT, mailer });
await app.ready();
const staff = await signedInOwner(app);

async function timed(name: string, send: () => Promise<{ statusCode: number; body: string }>) {
  const times: number[] = [];
  let last = { statusCode: 0, body: '' };
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    last = await send();
    times.push(performance.now() - start);
  }
  if (last.statusCode !== 200) throw new Error(`${name}: ${last.statusCode} ${last.body.slice(0, 200)}`);
  console.log(`${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`);
}

const get = (url: string) => () => app.inject({ method: 'GET', url, cookies: { ic_staff: staff } });
const post = (url: string, payload: object) => () => app.inject({ method: 'POST', url, cookies: { ic_staff: staff }, payload });
const statement = (rows: number) =>
  ['Txn Date,Description,Ref No./Cheque No.,Debit,Credit,Balance']
    .concat(
      Array.from({ length: rows }, (_, n) => {
        const i = (n * 20) % ORDERS;
        return `27/11/2026,UPI/${utrOf(i)}/${referenceOf(i)}/PAYER,${utrOf(i)},,${i % 3 === 0 ? 500 + (i % 10) * 100 : 10000},1`;
      }),
    )
    .join('\n');

console.log(`${ORDERS.toLocaleString('en-IN')} orders, ${REQUESTS} requests each (SQLite)`);
await timed('payments: first page (newest first)', get('/api/staff/payments'));
await timed('payments: reported only', get('/api/staff/payments?status=paymentReported'));
await timed('payments: page 1,000', get('/api/staff/payments?page=1000'));
await timed('payments: search by name', get('/api/staff/payments?search=priya'));
await timed('payments: search by reference', get(`/api/staff/payments?search=${referenceOf(4321)}`));
await timed('payments: search by UTR', get(`/api/staff/payments?search=${utrOf(4321)}`));
await timed('statement: preview of 200 rows (a month)', post('/api/staff/payments/statement', { fileName: 's.csv', text: statement(200) }));
await timed('statement: preview of 1,000 rows', post('/api/staff/payments/statement', { fileName: 's.csv', text: statement(1000) }));
await timed('statement: preview of 5,000 rows', post('/api/staff/payments/statement', { fileName: 's.csv', text: statement(5000) }));
await app.close();
dropCopy();
