import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { ApplicationStatus, NotSelectedReason } from '../../engine/generated/enquiryStatuses.ts';
import type { Applyable } from '../../engine/types.ts';
import { buildApp } from '../../server/app.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { type StaffListResult, signedInOwner, timeLists } from './staffBench.ts';

/** One database's figures: the board, the inbox beside it, the first screen and the student's own list. */
export interface ApplicationsBenchDatabase {
  name: 'SQLite' | 'PostgreSQL';
  seedSeconds: number;
  lists: StaffListResult[];
}

export interface ApplicationsBenchResult {
  applications: number;
  enquiries: number;
  students: number;
  memberApplications: number;
  requests: number;
  databases: ApplicationsBenchDatabase[];
  /** Why PostgreSQL was not measured, when it was not. */
  postgresSkipped?: string;
}

const PROGRAMMES = 14;
const ROLES = 6;
const COURSES = 10;
const PER_STUDENT = 4;
const MEMBER_APPLICATIONS = 20;
const DAY = 86_400_000;

/**
 * What the bench's students apply for: 14 programmes of 6 roles (20 seats each) and 10 courses, with the internship
 * form's questions, as the build's applyables.json would list them.
 */
export function benchCatalogue(): Applyable[] {
  const questions: Applyable['questions'] = [
    { id: 'yearOfStudy', label: 'Year of study', kind: 'yearOfStudy', required: true },
    { id: 'degree', label: 'Degree', kind: 'degree', required: true },
    { id: 'college', label: 'College or university', kind: 'shortText', required: true },
    { id: 'whyYou', label: 'Why should we pick you for this role?', kind: 'longText', required: true },
    { id: 'startDate', label: 'When can you start?', kind: 'date', required: true },
    { id: 'hoursPerWeek', label: 'Hours a week you can give', kind: 'number', required: true, min: 5, max: 40 },
  ];
  const items: Applyable[] = [];
  for (let p = 0; p < PROGRAMMES; p++) {
    const programme = { id: `stream${p}`, title: `Stream ${p}`, seats: 20 };
    for (let r = 0; r < ROLES; r++) {
      items.push({
        kind: 'internship',
        id: `${programme.id}/role${r}`,
        title: `Role ${r}`,
        page: `/internship/${programme.id}?role=role${r}`,
        onSite: true,
        programme,
        form: 'internship',
        questions,
        durationWeeks: 8,
        skills: ['Research', 'Writing'],
      });
    }
  }
  for (let c = 0; c < COURSES; c++) {
    items.push({
      kind: 'course',
      id: `Course${c}`,
      title: `Course ${c}`,
      page: `/courses/Course${c}`,
      onSite: true,
      form: 'course',
      questions: questions.slice(0, 3),
    });
  }
  return items;
}

/** A tenth of the applications each status has, roughly as a season's board would look: most still being decided. */
const STATUS_SHARES: [ApplicationStatus, number][] = [
  ['applied', 40],
  ['underReview', 10],
  ['shortlisted', 10],
  ['assignment', 5],
  ['interview', 5],
  ['offer', 3],
  ['joined', 5],
  ['completed', 5],
  ['notSelected', 12],
  ['withdrawn', 5],
];
const REASONS: NotSelectedReason[] = ['notEligible', 'seatsFilled', 'skillsMismatch', 'noResponse', 'notDecidedInTime'];

function statusOf(j: number): ApplicationStatus {
  // A spread that does not follow the order of arrival: a multiplicative hash of the number, in 0..99.
  let n = (j * 2_654_435_761) % 100;
  for (const [status, share] of STATUS_SHARES) {
    if (n < share) return status;
    n -= share;
  }
  return 'applied';
}

const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Isha', 'Kabir', 'Meera', 'Arjun', 'Diya'];
const LAST = ['Sharma', 'Iyer', 'Khan', 'Das', 'Reddy', 'Singh', 'Nair', 'Gupta'];

async function inBatches<T>(rows: readonly T[], size: number, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * Students (a tenth with their address not yet confirmed) with four applications each, spread over a year, across the
 * catalogue's roles and courses and every status, each with its history (applied, and the move to where it stands);
 * and `enquiries` enrolments and contact messages beside them in the same table, as the inbox's bench has them.
 * Written through Kysely, the same on both databases; loading is set-up, not measured.
 */
async function seed(db: Kysely<Database>, applications: number, enquiries: number, now: number): Promise<void> {
  const catalogue = benchCatalogue();
  const students = Math.ceil(applications / PER_STUDENT);
  const userIds: number[] = [];
  const users = Array.from({ length: students }, (_, i) => ({
    full_name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    registration_no: `REG${i}`,
    email: `person${i}@example.com`,
    email_normalized: `person${i}@example.com`,
    password_hash: 'not a hash: nobody signs in as a bench student',
    created_at: new Date(now - 400 * DAY).toISOString(),
    referral_code: `BENCH${i}`,
    email_confirmed_at: i % 10 === 9 ? null : new Date(now - 399 * DAY).toISOString(),
  }));
  await inBatches(users, 1000, async (batch) => {
    const ids = await db.insertInto('users').values(batch).returning('id').execute();
    userIds.push(...ids.map((r) => r.id));
  });

  const span = 365 * DAY;
  const rows = Array.from({ length: applications }, (_, j) => {
    const student = j % students;
    const round = Math.floor(j / students);
    // Distinct things for one student: 13 is prime to the catalogue's 94, so four rounds never meet.
    const item = catalogue[(student * 7 + round * 13) % catalogue.length]!;
    const received = now - span + Math.floor((j / applications) * span);
    const status = statusOf(j);
    const moved = status === 'applied' ? received : Math.min(now - 60_000, received + (1 + (j % 20)) * DAY);
    const year = 1 + (j % 6);
    return {
      kind: 'application' as const,
      idempotency_key: `bench-application-${j}`,
      received_at: new Date(received).toISOString(),
      name: users[student]!.full_name,
      email: users[student]!.email,
      email_normalized: users[student]!.email_normalized,
      subject_kind: item.kind,
      subject_id: item.id,
      subject_title: item.title,
      programme_id: item.programme?.id ?? null,
      programme_title: item.programme?.title ?? null,
      user_id: userIds[student]!,
      status,
      status_at: new Date(moved).toISOString(),
      reason: status === 'notSelected' ? REASONS[j % REASONS.length]! : null,
      answers: JSON.stringify([
        { id: 'yearOfStudy', question: 'Year of study', value: year === 6 ? 'graduate' : String(year) },
        { id: 'degree', question: 'Degree', value: 'BA LLB' },
        { id: 'college', question: 'College or university', value: 'Chanakya National Law University' },
        { id: 'whyYou', question: 'Why should we pick you for this role?', value: 'I have drafted and argued in three moot courts.' },
      ]),
      year_of_study: year,
    };
  });
  await inBatches(rows, 500, async (batch) => {
    const ids = await db.insertInto('enquiries').values(batch).returning(['id', 'received_at', 'status', 'status_at']).execute();
    const events = ids.flatMap((r) => [
      { enquiry_id: r.id, at: r.received_at, author: 'student', status_to: 'applied' as const },
      ...(r.status === 'applied'
        ? []
        : [{ enquiry_id: r.id, at: r.status_at, author: 'meera@example.com', status_from: 'applied' as const, status_to: r.status }]),
    ]);
    await db.insertInto('enquiry_events').values(events).execute();
  });

  const inbox = Array.from({ length: enquiries }, (_, i) => {
    const contact = i % 5 === 0;
    const at = new Date(now - (enquiries - i) * 300_000).toISOString();
    return {
      kind: contact ? ('contact' as const) : ('enrolment' as const),
      idempotency_key: `bench-${i}`,
      received_at: at,
      name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
      email: `enquirer${i}@example.com`,
      email_normalized: `enquirer${i}@example.com`,
      phone: '+91 98765 43210',
      subject_kind: contact ? null : ('course' as const),
      subject_id: contact ? null : String(1 + (i % 12)),
      subject_title: contact ? null : `Course ${1 + (i % 12)}`,
      message: contact ? 'A question about fees' : null,
      status: i % 10 === 0 ? ('contacted' as const) : ('new' as const),
      status_at: at,
    };
  });
  await inBatches(inbox, 500, (batch) => db.insertInto('enquiries').values(batch).execute());
}

/** A member with `count` applications of her own, her address confirmed: her session's cookie. */
async function member(app: FastifyInstance, count: number, now: number): Promise<string> {
  const email = 'bench-member@example.com';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'content-type': 'application/json' },
    payload: { fullName: 'Bench Member', email, password: 'bench password 1' },
  });
  const session = signup.cookies.find((c) => c.name === 'ic_session')!.value;
  const id = (signup.json() as { user: { id: number } }).user.id;
  await app.db
    .updateTable('users')
    .set({ email_confirmed_at: new Date(now).toISOString() })
    .where('id', '=', id)
    .execute();
  const catalogue = benchCatalogue();
  for (let k = 0; k < count; k++) {
    const item = catalogue[k * 3]!;
    const at = new Date(now - (count - k) * DAY).toISOString();
    const { id: enquiryId } = await app.db
      .insertInto('enquiries')
      .values({
        kind: 'application',
        idempotency_key: `bench-member-${k}`,
        received_at: at,
        name: 'Bench Member',
        email,
        email_normalized: email,
        subject_kind: item.kind,
        subject_id: item.id,
        subject_title: item.title,
        programme_id: item.programme?.id ?? null,
        programme_title: item.programme?.title ?? null,
        user_id: id,
        status: statusOf(k),
        status_at: at,
        answers: JSON.stringify([{ id: 'yearOfStudy', question: 'Year of study', value: '2' }]),
        year_of_study: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('enquiry_events').values({ enquiry_id: enquiryId, at, author: 'student', status_to: 'applied' }).execute();
  }
  return session;
}

/**
 * An embedded database seeded once under .cache/bench (the seed takes longer than the measuring); each run uses a copy.
 * No ANALYZE: the server never runs one, so its planner works without statistics, as here.
 */
async function sqliteDatabase(cacheDir: string, applications: number, enquiries: number, now: number): Promise<{ file: string; seedSeconds: number }> {
  const file = path.join(cacheDir, `applications-v2-${applications}-${enquiries}.db`);
  if (fs.existsSync(file)) return { file, seedSeconds: Number.NaN };
  fs.mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  const started = performance.now();
  const handle = await openDatabase({ sqliteFile: partial });
  await handle.db.transaction().execute((trx) => seed(trx, applications, enquiries, now));
  await handle.close();
  fs.renameSync(partial, file);
  return { file, seedSeconds: (performance.now() - started) / 1000 };
}

/** A new PostgreSQL database on the server `adminUrl` names, migrated and seeded; dropped again by `dispose`. */
export async function postgresDatabase(adminUrl: string, applications: number, enquiries: number, now: number) {
  const name = `bench_applications_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.db.transaction().execute((trx) => seed(trx, applications, enquiries, now));
  // What autovacuum does soon after a load this size: the planner's statistics, and the visibility map that lets a
  // count read an index alone.
  await sql`vacuum analyze`.execute(handle.db);
  const seedSeconds = (performance.now() - started) / 1000;
  return {
    handle,
    seedSeconds,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The lists the team and the student open most, at this size. */
function listsOf(owner: string, student: string, someApplication: number, now: number) {
  const day = (d: number) => new Date(now - d * DAY).toISOString().slice(0, 10);
  const staff = { ic_staff: owner };
  const board = (name: string, query = '') => ({ name: `board, ${name}`, url: `/api/staff/applications${query}`, cookies: staff });
  return [
    board('first page'),
    board('page 2', '?page=2'),
    board('page 20', '?page=20'),
    board('open only', '?open=yes'),
    board('one status (shortlisted)', '?status=shortlisted'),
    board('one programme', '?programme=stream3'),
    board('one programme, open only', '?programme=stream3&open=yes'),
    board('one role', `?subject=${encodeURIComponent('internship:stream3/role2')}`),
    board('second-years, open only', '?year=2&open=yes'),
    board('one programme, second-years, shortlisted', '?programme=stream3&year=2&status=shortlisted'),
    board('one week', `?from=${day(14)}&to=${day(8)}`),
    board('closing within 3 days', '?closing=yes'),
    board('search by name', '?search=priya%20iyer'),
    board('search by address', '?search=person4242%40'),
    { name: 'one application', url: `/api/staff/applications/one?id=${someApplication}`, cookies: staff },
    { name: 'first screen (counts)', url: '/api/staff/overview', cookies: staff },
    { name: 'inbox beside them, first page', url: '/api/staff/enquiries', cookies: staff },
    { name: 'inbox beside them, new only', url: '/api/staff/enquiries?status=new', cookies: staff },
    { name: `the student's own list (${MEMBER_APPLICATIONS} applications)`, url: '/api/account/applications', cookies: { ic_session: student } },
  ];
}

async function measure(root: string, handle: DatabaseHandle, requests: number, now: number, log: (m: string) => void) {
  const app = await buildApp({
    database: handle,
    root,
    rateLimits: false,
    scryptCost: { N: 2 ** 12, r: 8, p: 1 },
    logger: false,
    applyables: benchCatalogue(),
  });
  try {
    await app.ready();
    const owner = await signedInOwner(app);
    const student = await member(app, MEMBER_APPLICATIONS, now);
    const some = await app.db
      .selectFrom('enquiries')
      .select('id')
      .where('kind', '=', 'application')
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    return await timeLists(app, listsOf(owner, student, some.id, now), requests, log);
  } finally {
    await app.close();
  }
}

/**
 * The applications board and the student's own list at `applications` applications (with `enquiries` enrolments and
 * contact messages in the same table), on the embedded SQLite and, when `postgresUrl` names a server where the bench
 * may create a database, on PostgreSQL: `requests` of each list, answered in process (app.inject: the route, the
 * session and role check, the queries, the JSON answer), p50 and p95.
 */
export async function benchApplications(
  root: string,
  applications: number,
  enquiries: number,
  requests: number,
  log: (m: string) => void,
  postgresUrl = process.env['BENCH_POSTGRES_URL'],
): Promise<ApplicationsBenchResult> {
  const now = Date.now();
  const databases: ApplicationsBenchDatabase[] = [];
  log(`applications: an embedded database of ${applications} applications and ${enquiries} enquiries…`);
  const { file: source, seedSeconds } = await sqliteDatabase(path.join(root, '.cache', 'bench'), applications, enquiries, now);
  // A copy per run: the owner, the member and the audit rows a run adds never reach the next.
  const file = `${source}.run`;
  fs.copyFileSync(source, file);
  const sqlite = await openDatabase({ sqliteFile: file });
  try {
    const lists = await measure(root, sqlite, requests, now, (m) => log(`applications on SQLite: ${m}`));
    databases.push({ name: 'SQLite', seedSeconds, lists });
  } finally {
    await sqlite.close();
    for (const extra of ['', '-wal', '-shm']) fs.rmSync(`${file}${extra}`, { force: true });
  }
  let postgresSkipped: string | undefined;
  if (postgresUrl) {
    log('applications: the same on PostgreSQL…');
    const postgres = await postgresDatabase(postgresUrl, applications, enquiries, now);
    try {
      const lists = await measure(root, postgres.handle, requests, now, (m) => log(`applications on PostgreSQL: ${m}`));
      databases.push({ name: 'PostgreSQL', seedSeconds: postgres.seedSeconds, lists });
    } finally {
      await postgres.dispose();
    }
  } else postgresSkipped = 'BENCH_POSTGRES_URL is not set';
  return {
    applications,
    enquiries,
    students: Math.ceil(applications / PER_STUDENT),
    memberApplications: MEMBER_APPLICATIONS,
    requests,
    databases,
    ...(postgresSkipped ? { postgresSkipped } : {}),
  };
}
