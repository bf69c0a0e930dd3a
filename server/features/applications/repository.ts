import { type Kysely, sql, type Transaction } from 'kysely';
import { ENQUIRY_STATUSES } from '../../../engine/generated/enquiryStatuses.ts';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';
import type { ApplicationStatus, Database, NotSelectedReason, SubjectKind } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One answer as it was given: the question as the form asked it then, so the record reads the same if the form changes. */
export interface StoredAnswer {
  id: string;
  question: string;
  value: string;
}

export interface NewApplication {
  idempotencyKey: string;
  userId: number;
  name: string;
  email: string;
  subject: { kind: SubjectKind; id: string; title: string };
  programme?: { id: string; title: string } | undefined;
  answers: StoredAnswer[];
  yearOfStudy: string | undefined;
  resumeId: number | undefined;
}

const ROW = [
  'id',
  'user_id',
  'idempotency_key',
  'received_at',
  'name',
  'email',
  'subject_kind',
  'subject_id',
  'subject_title',
  'programme_id',
  'programme_title',
  'status',
  'status_at',
  'reason',
  'answers',
  'year_of_study',
  'resume_id',
  'certificate_id',
] as const;

export class KeyOfAnotherApplicationError extends Error {
  constructor() {
    super('the idempotency key was sent with another application');
    this.name = 'KeyOfAnotherApplicationError';
  }
}

/** A year of study as the database keeps it: 1 to 5, and 6 for a graduate, so "second year or above" is one comparison. */
export const GRADUATE_YEAR = 6;

/**
 * Stores an application once: a repeat of its request (same idempotency key) and a second application by the same
 * member for the same thing both find the first (the unique index decides, on both databases, however many arrive
 * at once), with `created` false.
 */
export async function recordApplication(db: Kysely<Database>, application: NewApplication, now = new Date()) {
  const at = now.toISOString();
  const existing = () =>
    db
      .selectFrom('enquiries')
      .select(ROW)
      .where('kind', '=', 'application')
      .where('user_id', '=', application.userId)
      .where('subject_kind', '=', application.subject.kind)
      .where('subject_id', '=', application.subject.id)
      .executeTakeFirst();
  const first = await existing();
  if (first) return { row: first, created: false };
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('enquiries')
        .values({
          kind: 'application',
          idempotency_key: application.idempotencyKey,
          received_at: at,
          name: application.name,
          email: application.email,
          email_normalized: normaliseEmail(application.email),
          subject_kind: application.subject.kind,
          subject_id: application.subject.id,
          subject_title: application.subject.title,
          programme_id: application.programme?.id ?? null,
          programme_title: application.programme?.title ?? null,
          user_id: application.userId,
          status: 'applied',
          status_at: at,
          answers: JSON.stringify(application.answers),
          year_of_study:
            application.yearOfStudy === undefined ? null : application.yearOfStudy === 'graduate' ? GRADUATE_YEAR : Number(application.yearOfStudy),
          resume_id: application.resumeId ?? null,
        })
        .returning(ROW)
        .executeTakeFirstOrThrow();
      await trx.insertInto('enquiry_events').values({ enquiry_id: row.id, at, author: 'student', status_to: 'applied' }).execute();
      return { row, created: true };
    });
  } catch (error) {
    // Lost a race with itself (a double tap), or the key names another enquiry: the unique indexes say which.
    const again = await existing();
    if (again) return { row: again, created: false };
    const byKey = await db.selectFrom('enquiries').select(['kind']).where('idempotency_key', '=', application.idempotencyKey).executeTakeFirst();
    if (byKey) throw new KeyOfAnotherApplicationError();
    throw error;
  }
}

export type ApplicationRow = Awaited<ReturnType<typeof recordApplication>>['row'];

export async function applicationsOfMember(db: Kysely<Database>, userId: number): Promise<ApplicationRow[]> {
  return db
    .selectFrom('enquiries')
    .select(ROW)
    .where('kind', '=', 'application')
    .where('user_id', '=', userId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function applicationById(db: Db, id: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('enquiries').select(ROW).where('kind', '=', 'application').where('id', '=', id).executeTakeFirst();
}

/** Every event of these applications, oldest first. */
export async function eventsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('enquiry_events')
    .select(['enquiry_id', 'at', 'author', 'status_from', 'status_to', 'reason', 'note', 'to_student'])
    .where('enquiry_id', 'in', ids)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/**
 * Moves one application from the status it was read in to another, with the event that says so, or does nothing
 * when someone moved it first: the affected row count decides, so two people (or a person and the site) never both
 * move it.
 */
export async function moveApplication(
  trx: Transaction<Database>,
  change: {
    id: number;
    from: ApplicationStatus;
    to: ApplicationStatus;
    reason?: NotSelectedReason | undefined;
    author: string;
    note?: string | undefined;
    toStudent?: string | undefined;
    at: string;
  },
): Promise<boolean> {
  const moved = await trx
    .updateTable('enquiries')
    .set({ status: change.to, status_at: change.at, reason: change.to === 'notSelected' ? (change.reason ?? null) : null })
    .where('id', '=', change.id)
    .where('kind', '=', 'application')
    .where('status', '=', change.from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('enquiry_events')
    .values({
      enquiry_id: change.id,
      at: change.at,
      author: change.author,
      status_from: change.from,
      status_to: change.to,
      reason: change.to === 'notSelected' ? (change.reason ?? null) : null,
      note: change.note ?? null,
      to_student: change.toStudent ?? null,
    })
    .execute();
  return true;
}

/**
 * A note for the team or a message for the student, without a move; written about is touched, so the site does not
 * close it as untouched. False when there is no such application.
 */
export async function noteApplication(
  db: Kysely<Database>,
  event: { id: number; author: string; note?: string | undefined; toStudent?: string | undefined; at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const touched = await trx
      .updateTable('enquiries')
      .set({ status_at: event.at })
      .where('id', '=', event.id)
      .where('kind', '=', 'application')
      .executeTakeFirst();
    if (Number(touched.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('enquiry_events')
      .values({ enquiry_id: event.id, at: event.at, author: event.author, note: event.note ?? null, to_student: event.toStudent ?? null })
      .execute();
    return true;
  });
}

/**
 * Takes one of a programme's seats: one conditional increment whose result decides (never read, then write), so
 * however many offers are made at once, no more than `seats` succeed.
 */
export async function takeSeat(trx: Transaction<Database>, programmeId: string, seats: number): Promise<boolean> {
  await trx
    .insertInto('programme_seats')
    .values({ programme_id: programmeId })
    .onConflict((oc) => oc.column('programme_id').doNothing())
    .execute();
  const taken = await trx
    .updateTable('programme_seats')
    .set((eb) => ({ taken: eb('taken', '+', 1) }))
    .where('programme_id', '=', programmeId)
    .where('taken', '<', seats)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives a seat back (an offer declined or withdrawn); the transition that calls it has happened once. */
export async function releaseSeat(trx: Transaction<Database>, programmeId: string): Promise<void> {
  await trx
    .updateTable('programme_seats')
    .set((eb) => ({ taken: eb('taken', '-', 1) }))
    .where('programme_id', '=', programmeId)
    .where('taken', '>', 0)
    .execute();
}

export async function seatsTaken(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('programme_seats').select(['programme_id', 'taken']).execute();
  return new Map(rows.map((r) => [r.programme_id, Number(r.taken)]));
}

export interface BoardFilter {
  programmeId?: string | undefined;
  subject?: { kind: SubjectKind; id: string } | undefined;
  status?: ApplicationStatus | undefined;
  /** Only those still being decided. */
  open?: boolean;
  /** 1 to 5, or GRADUATE_YEAR. */
  year?: number | undefined;
  /** Only those waiting for the team whose status has not moved since this time (what the site will close soon). */
  untouchedBefore?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

export const DECIDED: readonly ApplicationStatus[] = ['joined', 'completed', 'notSelected', 'withdrawn'];
/** The statuses that wait on the team, which the site closes when nobody touches them: an offer waits on the student. */
export const WAITING: readonly ApplicationStatus[] = ['applied', 'underReview', 'shortlisted', 'assignment', 'interview'];
/** The statuses that hold one of the programme's seats: an offer made and not declined, and a student who joined. */
export const SEAT_HOLDING: readonly ApplicationStatus[] = ['offer', 'joined'];

/** The statuses of an application still being decided: every one but the decided ones (written as a list an index can seek). */
const OPEN: readonly ApplicationStatus[] = ENQUIRY_STATUSES.application.filter((s) => !DECIDED.includes(s));

/** Applications the team works on: those whose account's address is confirmed (until then an application does not count). */
function board(db: Db) {
  return db
    .selectFrom('enquiries')
    .innerJoin('users', 'users.id', 'enquiries.user_id')
    .where('enquiries.kind', '=', 'application')
    .where('users.email_confirmed_at', 'is not', null);
}

/**
 * Every application matching the filter, whoever sent it: no join, so a count of them reads one index. With
 * `byAccount`, a list of statuses is checked on each row rather than sought: see countOnBoard.
 */
function matching(db: Db, filter: BoardFilter, byAccount = false) {
  let query = db.selectFrom('enquiries').where('enquiries.kind', '=', 'application');
  const statusIn = (statuses: readonly ApplicationStatus[]) =>
    byAccount ? query.where(sql<boolean>`(enquiries.status || '') in (${sql.join(statuses)})`) : query.where('enquiries.status', 'in', statuses);
  if (filter.programmeId) query = query.where('enquiries.programme_id', '=', filter.programmeId);
  if (filter.subject) query = query.where('enquiries.subject_kind', '=', filter.subject.kind).where('enquiries.subject_id', '=', filter.subject.id);
  if (filter.status) query = query.where('enquiries.status', '=', filter.status);
  if (filter.open) query = statusIn(OPEN);
  if (filter.year !== undefined) query = query.where('enquiries.year_of_study', '=', filter.year);
  if (filter.untouchedBefore) query = statusIn(WAITING).where('enquiries.status_at', '<', filter.untouchedBefore);
  if (filter.from) query = query.where('enquiries.received_at', '>=', filter.from);
  if (filter.to) query = query.where('enquiries.received_at', '<', filter.to);
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const end = `${search}\uffff`;
    query = search.includes('@')
      ? query.where('enquiries.email_normalized', '>=', search).where('enquiries.email_normalized', '<', end)
      : query.where((eb) => eb.and([eb(eb.fn('lower', ['enquiries.name']), '>=', search), eb(eb.fn('lower', ['enquiries.name']), '<', end)]));
  }
  return query;
}

/** The applications of the board that match: of accounts whose address is confirmed. */
function filtered(db: Db, filter: BoardFilter) {
  return matching(db, filter).innerJoin('users', 'users.id', 'enquiries.user_id').where('users.email_confirmed_at', 'is not', null);
}

async function countOf(query: ReturnType<typeof matching>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Accounts whose address is not confirmed yet: few (a partial index holds them), as most people confirm within the day. */
const unconfirmed = (db: Db) => db.selectFrom('users').select('users.id').where('users.email_confirmed_at', 'is', null);

/**
 * How many applications of the board match: all that match, less those of accounts not yet confirmed (and of none).
 * Counted apart, as a count joined to the accounts reads every matching row and its account (186 ms for 90,000 on
 * SQLite and 144 ms on PostgreSQL at 100,000 applications, scripts/bench/applicationsBench.ts), where each count apart
 * reads an index (migration 021), and the unconfirmed accounts are few.
 */
async function countOnBoard(db: Db, filter: BoardFilter): Promise<number> {
  const [all, waiting, orphaned] = await Promise.all([
    countOf(matching(db, filter)),
    // One seek per unconfirmed account, its statuses checked in the index: SQLite would otherwise seek each account
    // once per status of a list (49 → 9 ms for the open list's 2,500 accounts at 100,000 applications).
    countOf(matching(db, filter, true).where('enquiries.user_id', 'in', unconfirmed(db))),
    countOf(matching(db, filter).where('enquiries.user_id', 'is', null)),
  ]);
  return all - waiting - orphaned;
}

export async function boardPage(db: Kysely<Database>, filter: BoardFilter, offset: number, limit: number) {
  const [rows, total, awaitingConfirmation] = await Promise.all([
    filtered(db, filter)
      .select([
        'enquiries.id',
        'enquiries.received_at',
        'enquiries.status_at',
        'enquiries.name',
        'enquiries.email',
        'enquiries.subject_kind',
        'enquiries.subject_id',
        'enquiries.subject_title',
        'enquiries.programme_title',
        'enquiries.status',
        'enquiries.reason',
        'enquiries.year_of_study',
        'enquiries.resume_id',
      ])
      .orderBy('enquiries.received_at', 'desc')
      .orderBy('enquiries.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    countOnBoard(db, filter),
    countOf(matching(db, {}).where('enquiries.user_id', 'in', unconfirmed(db))),
  ]);
  return { rows, total, awaitingConfirmation };
}

/** Applications still being decided (the board's open list), on confirmed accounts: the console's first screen. */
export async function countOpenApplications(db: Db): Promise<number> {
  return countOnBoard(db, { open: true });
}

/** How many applications waiting for the team have not moved since `before`, on confirmed accounts. */
export async function countUntouchedSince(db: Db, before: string): Promise<number> {
  return countOnBoard(db, { untouchedBefore: before });
}

/** Whether the account behind an application has confirmed its address (what makes the application count). */
/** The member's application to a subject that the team accepted (an offer made, or joined), if any: what a course paid after an accepted application needs. */
export async function acceptedApplication(db: Db, userId: number, subject: { kind: SubjectKind; id: string }): Promise<number | undefined> {
  const row = await db
    .selectFrom('enquiries')
    .select('id')
    .where('kind', '=', 'application')
    .where('user_id', '=', userId)
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .where('status', 'in', ['offer', 'joined', 'completed'])
    .executeTakeFirst();
  return row?.id;
}

export async function accountOf(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'full_name', 'registration_no', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirst();
}

/** Applications still waiting for the team whose status has not moved since `before`, on confirmed accounts, oldest first. */
export async function untouchedSince(db: Kysely<Database>, before: string, statuses: readonly ApplicationStatus[], limit: number) {
  return board(db)
    .where('enquiries.status', 'in', statuses)
    .where('enquiries.status_at', '<', before)
    .select(['enquiries.id', 'enquiries.status', 'enquiries.programme_id'])
    .orderBy('enquiries.status_at')
    .limit(limit)
    .execute();
}

/**
 * Links a completed application to the certificate issued from it, once: false when it has one already (or is not
 * completed). With null, takes the link back (the certificate could not be written after all).
 */
export async function setCertificate(db: Db, id: number, certificateId: string | null): Promise<boolean> {
  let query = db.updateTable('enquiries').set({ certificate_id: certificateId }).where('id', '=', id).where('kind', '=', 'application');
  query = certificateId === null ? query : query.where('status', '=', 'completed').where('certificate_id', 'is', null);
  const set = await query.executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}

/** A member's applications and résumés, deleted with her account (the rest of her enquiries are unlinked). */
export async function deleteApplicationsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('enquiries')
      .select(['programme_id'])
      .where('kind', '=', 'application')
      .where('user_id', '=', userId)
      .where('status', 'in', SEAT_HOLDING)
      .execute();
    for (const { programme_id } of held) if (programme_id) await releaseSeat(trx, programme_id);
    await trx.deleteFrom('enquiries').where('kind', '=', 'application').where('user_id', '=', userId).execute();
  });
}

// Résumés

export async function storeResume(db: Kysely<Database>, resume: { userId: number; bytes: Buffer; sha256: string }, now = new Date()) {
  return db
    .insertInto('resumes')
    .values({ user_id: resume.userId, uploaded_at: now.toISOString(), bytes: resume.bytes.length, sha256: resume.sha256, content: resume.bytes })
    .returning(['id', 'bytes', 'uploaded_at'])
    .executeTakeFirstOrThrow();
}

/** A résumé's facts, without its bytes. */
export async function resumeFacts(db: Db, id: number) {
  return db.selectFrom('resumes').select(['id', 'user_id', 'bytes', 'uploaded_at']).where('id', '=', id).executeTakeFirst();
}

export async function resumeFile(db: Db, id: number) {
  return db.selectFrom('resumes').select(['id', 'user_id', 'content', 'bytes']).where('id', '=', id).executeTakeFirst();
}

/** Every résumé a member keeps with us, with its bytes (her data download). */
export async function resumesOf(db: Db, userId: number) {
  return db.selectFrom('resumes').select(['id', 'uploaded_at', 'bytes', 'sha256', 'content']).where('user_id', '=', userId).orderBy('id').execute();
}

/** Bytes of résumés a member keeps with us. */
export async function resumeBytesOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('resumes')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Résumés uploaded before `before` that no application names: a form left half-way. */
export async function deleteLooseResumes(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('resumes')
    .where('uploaded_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('enquiries').select(sql`1`.as('one')).whereRef('enquiries.resume_id', '=', 'resumes.id'))))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
