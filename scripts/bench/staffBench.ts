import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { certificateLookupKey } from '../../engine/shared/certificateId.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { addStaffFromCommandLine } from '../../server/features/staff/index.ts';
import { percentile } from '../../tooling/benchStats.ts';

/** The console's list pages measured, each a request answered in process (app.inject: routing, the guard, the queries, the answer). */
export interface StaffListResult {
  name: string;
  url: string;
  total: number;
  /** The count is capped (a search by name counts up to 1,000). */
  atLeast: boolean;
  p50Ms: number;
  p95Ms: number;
}

export interface StaffBenchResult {
  enquiries: number;
  certificates: number;
  requests: number;
  lists: StaffListResult[];
}

/**
 * An embedded database with `enquiries` enquiries (one every 5 minutes back from now, a fifth of them contact
 * messages, a tenth contacted) and `certificates` certificates, made once under .cache/bench through the real
 * migrations (their indexes included); rows written straight through SQLite, as loading is set-up.
 */
async function staffDatabase(cacheDir: string, enquiries: number, certificates: number): Promise<string> {
  const file = path.join(cacheDir, `staff-v3-${enquiries}-${certificates}.db`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  await (await openDatabase({ sqliteFile: partial })).close();
  const sqlite = new BetterSqlite3(partial);
  const enquiry = sqlite.prepare(
    'INSERT INTO enquiries (kind, idempotency_key, received_at, name, email, email_normalized, phone, subject_kind, subject_id, subject_title, message, status, status_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const certificate = sqlite.prepare(
    'INSERT INTO certificates (certificate_id, lookup_key, student_name, reg_no, college, course_name, marks, issue_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const first = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Isha', 'Kabir', 'Meera', 'Arjun', 'Diya'];
  const last = ['Sharma', 'Iyer', 'Khan', 'Das', 'Reddy', 'Singh', 'Nair', 'Gupta'];
  const now = Date.now();
  sqlite.transaction(() => {
    for (let i = 0; i < enquiries; i++) {
      const name = `${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]} ${i}`;
      const email = `person${i}@example.com`;
      const contact = i % 5 === 0;
      const at = new Date(now - (enquiries - i) * 300_000).toISOString();
      enquiry.run(
        contact ? 'contact' : 'enrolment',
        `bench-${i}`,
        at,
        name,
        email,
        email,
        '+91 98765 43210',
        contact ? null : 'course',
        contact ? null : String(1 + (i % 12)),
        contact ? null : `Course ${1 + (i % 12)}`,
        contact ? 'A question about fees' : null,
        i % 10 === 0 ? 'contacted' : 'new',
        at,
      );
    }
    const at = new Date(now).toISOString();
    for (let i = 0; i < certificates; i++) {
      const id = `BN24/${String(i).padStart(7, '0')}`;
      const createdAt = new Date(now - (certificates - i) * 1000).toISOString();
      certificate.run(
        id,
        certificateLookupKey(id),
        `${first[i % 10]} ${last[i % 8]} ${i}`,
        `REG${i}`,
        'NIT Patna',
        'Web Development Internship',
        '80%',
        '2025-06-01',
        createdAt,
        at,
      );
    }
  })();
  sqlite.pragma('optimize');
  sqlite.close();
  fs.renameSync(partial, file);
  return file;
}

/** An owner of the console, made as the command line makes one and signed in with both steps: the session's cookie. */
export async function signedInOwner(app: FastifyInstance): Promise<string> {
  const email = 'bench-owner@example.com';
  const password = 'bench password 1';
  await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'content-type': 'application/json' },
    payload: { fullName: 'Bench Owner', email, password },
  });
  await addStaffFromCommandLine({ db: app.db, publicUrl: app.publicUrl }, email, 'owner');
  const login = await app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'content-type': 'application/json' }, payload: { email, password } });
  const secret = (login.json() as { setup: { secret: string } }).setup.secret;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const half = login.cookies.find((c) => c.name === 'ic_staff')!.value;
  const second = await app.inject({
    method: 'POST',
    url: '/api/staff/second-factor',
    headers: { 'content-type': 'application/json' },
    cookies: { ic_staff: half },
    payload: { code },
  });
  return second.cookies.find((c) => c.name === 'ic_staff')!.value;
}

/**
 * Each list `requests` times, one after another, after three unmeasured requests that warm the database's cache: p50
 * and p95, and the count the answer gives.
 */
export async function timeLists(
  app: FastifyInstance,
  lists: readonly { name: string; url: string; cookies: Record<string, string> }[],
  requests: number,
  log: (m: string) => void,
): Promise<StaffListResult[]> {
  const out: StaffListResult[] = [];
  for (const { name, url, cookies } of lists) {
    const times: number[] = [];
    let total = 0;
    let atLeast = false;
    for (let i = 0; i < requests + 3; i++) {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, cookies });
      const ms = performance.now() - start;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      const body = response.json() as { total?: number; newEnquiries?: number; openApplications?: number; atLeast?: boolean; applications?: unknown[] };
      total = body.total ?? body.newEnquiries ?? body.applications?.length ?? 0;
      atLeast = body.atLeast === true;
      if (i >= 3) times.push(ms);
    }
    out.push({ name, url, total, atLeast, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) });
    log(`${name}: p95 ${percentile(times, 95).toFixed(1)} ms`);
  }
  return out;
}

/** The console's list pages at `enquiries` enquiries and `certificates` certificates: `requests` of each, p50 and p95. */
export async function benchStaff(root: string, enquiries: number, certificates: number, requests: number, log: (m: string) => void): Promise<StaffBenchResult> {
  log(`staff console: a database of ${enquiries} enquiries and ${certificates} certificates…`);
  const source = await staffDatabase(path.join(root, '.cache', 'bench'), enquiries, certificates);
  // A copy per run, so the owner and the audit rows a run adds never reach the next.
  const file = `${source}.run`;
  fs.copyFileSync(source, file);
  const database = await openDatabase({ sqliteFile: file });
  const app = await buildApp({ database, root, rateLimits: false, scryptCost: { N: 2 ** 12, r: 8, p: 1 }, logger: false });
  try {
    await app.ready();
    const cookie = await signedInOwner(app);

    const lastEnquiryPage = Math.max(1, Math.ceil(enquiries / 50));
    const lists: [string, string][] = [
      ['inbox, first page', '/api/staff/enquiries'],
      ['inbox, page 2', '/api/staff/enquiries?page=2'],
      ['inbox, last page', `/api/staff/enquiries?page=${lastEnquiryPage}`],
      ['inbox, new only', '/api/staff/enquiries?status=new'],
      ['inbox, enrolments for one course', '/api/staff/enquiries?kind=enrolment&subject=course:3'],
      [
        'inbox, one week',
        `/api/staff/enquiries?from=${new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10)}`,
      ],
      ['inbox, search by name', '/api/staff/enquiries?search=priya%20iyer'],
      ['inbox, search by address', '/api/staff/enquiries?search=person4242%40'],
      ['first screen (counts)', '/api/staff/overview'],
      ['certificates, first page', '/api/staff/certificates'],
      ['certificates, page 100', '/api/staff/certificates?page=100'],
      ['certificates, search by ID', '/api/staff/certificates?search=BN24%2F00012'],
      ['certificates, search by name', '/api/staff/certificates?search=meera%20iyer'],
      ['audit log', '/api/staff/audit'],
    ];
    const out = await timeLists(
      app,
      lists.map(([name, url]) => ({ name, url, cookies: { ic_staff: cookie } })),
      requests,
      (m) => log(`staff console: ${m}`),
    );
    return { enquiries, certificates, requests, lists: out };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(file, { force: true });
    for (const extra of ['-wal', '-shm']) fs.rmSync(`${file}${extra}`, { force: true });
  }
}
