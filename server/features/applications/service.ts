import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANSWER_MAX_LENGTH, RESUME_MAX_BYTES } from '../../../engine/shared/applyables.ts';
import { formatLongDate } from '../../../engine/shared/dates.ts';
import { degreeFits, GRADUATE, yearFits } from '../../../engine/shared/eligibility.ts';
import { fill } from '../../../engine/shared/fill.ts';
import type { ApplicationQuestion, ApplicationRequest, Applyable, MyApplication, PublicUser } from '../../../engine/types.ts';
import type { ApplicationStatus, NotSelectedReason } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { Catalogue } from './catalogue.ts';
import {
  type ApplicationRow,
  applicationById,
  applicationsOfMember,
  DECIDED,
  eventsOf,
  KeyOfAnotherApplicationError,
  moveApplication,
  recordApplication,
  releaseSeat,
  resumeBytesOf,
  resumeFacts,
  resumesOf,
  SEAT_HOLDING,
  type StoredAnswer,
  storeResume,
  takeSeat,
} from './repository.ts';

/** How an application is named to the student and the team, as every enquiry is: E000042. */
export function applicationReference(id: number): string {
  return `E${String(id).padStart(6, '0')}`;
}

/** The number a reference names, or undefined. */
export function referenceNumber(reference: string): number | undefined {
  const match = /^E0*([1-9][0-9]{0,9})$/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

export { RESUME_MAX_BYTES };
/** What one member may keep with us in résumés: five at the largest. */
export const RESUME_BYTES_PER_MEMBER = 5 * RESUME_MAX_BYTES;

/**
 * Where the team may move an application from each status. Forward along the pipeline (a step may be skipped: not
 * every role has an assignment or an interview), or to not selected while it is being decided; a not selected one can
 * be looked at again; a student who joined completes. Withdrawing is the student's own move.
 */
export const MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  applied: ['underReview', 'shortlisted', 'assignment', 'interview', 'offer', 'notSelected'],
  underReview: ['shortlisted', 'assignment', 'interview', 'offer', 'notSelected'],
  shortlisted: ['assignment', 'interview', 'offer', 'notSelected'],
  assignment: ['interview', 'offer', 'notSelected'],
  interview: ['offer', 'notSelected'],
  offer: ['joined', 'notSelected'],
  joined: ['completed'],
  completed: [],
  notSelected: ['underReview'],
  withdrawn: [],
};

/** Where the student may withdraw from: anything not yet decided, an offer included (its seat goes back). */
const WITHDRAWABLE: readonly ApplicationStatus[] = ['applied', 'underReview', 'shortlisted', 'assignment', 'interview', 'offer'];

/** The statuses the student hears about by mail (applied is acknowledged at once; under review says a person has it). */
const MAILED: readonly ApplicationStatus[] = ['underReview', 'shortlisted', 'assignment', 'interview', 'offer', 'joined', 'completed', 'notSelected'];

// Answers

/** A question's answer checked and written the one way it is kept (dates YYYY-MM-DD, numbers in digits), or a refusal. */
function checkedAnswer(question: ApplicationQuestion, raw: string | undefined, applyable: Applyable, today: string): string | undefined {
  const value = raw?.trim() ?? '';
  if (!value) {
    if (question.required) throw new ApiError('ANSWER_MISSING', { question: question.label });
    return undefined;
  }
  const invalid = () => new ApiError('ANSWER_INVALID', { question: question.label });
  switch (question.kind) {
    case 'yearOfStudy':
      if (!/^[1-5]$/.test(value) && value !== GRADUATE) throw invalid();
      return value;
    case 'degree':
    case 'shortText':
      if (value.length > ANSWER_MAX_LENGTH.line || /[\r\n]/.test(value)) throw invalid();
      return value;
    case 'longText':
      if (value.length > ANSWER_MAX_LENGTH.text) throw invalid();
      return value;
    case 'date': {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || value < today) throw invalid();
      return value;
    }
    case 'number': {
      if (!/^\d{1,4}$/.test(value)) throw invalid();
      const n = Number(value);
      if ((question.min !== undefined && n < question.min) || (question.max !== undefined && n > question.max)) throw invalid();
      return String(n);
    }
    case 'choice':
      if (!question.options?.includes(value)) throw invalid();
      return value;
  }
  void applyable;
  return value;
}

/** Today in India, where the team and most students are: a start date "from today on" is read there. */
function todayInIndia(now: Date): string {
  return new Date(now.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

/** The answers of an application, each checked against its question, then who can apply against them. */
export function checkAnswers(applyable: Applyable, answers: Record<string, string | undefined>, now = new Date()): StoredAnswer[] {
  const known = new Set(applyable.questions.map((q) => q.id));
  const stray = Object.keys(answers).find((id) => !known.has(id));
  if (stray !== undefined) throw new ApiError('ANSWER_UNKNOWN', { id: stray });
  const today = todayInIndia(now);
  const stored: StoredAnswer[] = [];
  for (const question of applyable.questions) {
    const value = checkedAnswer(question, answers[question.id], applyable, today);
    if (value !== undefined) stored.push({ id: question.id, question: question.label, value });
  }
  const who = applyable.whoCanApply;
  if (who) {
    const year = stored.find((a) => applyable.questions.find((q) => q.id === a.id)?.kind === 'yearOfStudy')?.value ?? '';
    const degree = stored.find((a) => applyable.questions.find((q) => q.id === a.id)?.kind === 'degree')?.value ?? '';
    if (!yearFits(who, year) || !degreeFits(who, degree)) throw new ApiError('NOT_ELIGIBLE', { title: applyable.title });
  }
  return stored;
}

/** An answer as the student and the team read it: a year of study in words, a date as a date. */
export function shownAnswer(app: FastifyInstance, answer: StoredAnswer, question: ApplicationQuestion | undefined): string {
  const words = app.site.ui.finder;
  if (question?.kind === 'yearOfStudy' || answer.id === 'yearOfStudy') {
    return answer.value === GRADUATE ? words.graduated : (words.years[Number(answer.value) - 1] ?? answer.value);
  }
  if (question?.kind === 'date') return formatLongDate(answer.value);
  return answer.value;
}

export function storedAnswers(row: Pick<ApplicationRow, 'answers'>): StoredAnswer[] {
  try {
    const parsed = JSON.parse(row.answers ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as StoredAnswer[]) : [];
  } catch {
    return [];
  }
}

// Applying

/**
 * An application: for something the content takes applications for on the site, with the form's answers checked
 * and who can apply checked against them, once per member and thing (a second attempt, or a repeat of the request,
 * answers with the first). It counts for the team once the account's address is confirmed.
 */
export async function apply(app: FastifyInstance, request: FastifyRequest, member: PublicUser, body: ApplicationRequest, catalogue: Catalogue) {
  const applyable = catalogue.find(body.subject.kind, body.subject.id);
  if (!applyable) throw new ApiError('APPLICATION_SUBJECT_UNKNOWN');
  if (!applyable.onSite) throw new ApiError('APPLICATION_NOT_ON_SITE', { title: applyable.title });
  const answers = checkAnswers(applyable, body.answers);
  if (body.resumeId !== undefined) {
    const resume = await resumeFacts(app.db, body.resumeId);
    if (!resume || resume.user_id !== member.id) throw new ApiError('RESUME_NOT_FOUND');
  }
  // A member's applications a day, from any number of addresses: the attempt is spent before it is made.
  await app.limits.spend('memberApplications', String(member.id));
  let recorded: Awaited<ReturnType<typeof recordApplication>>;
  try {
    recorded = await recordApplication(app.db, {
      idempotencyKey: body.idempotencyKey,
      userId: member.id,
      name: member.fullName,
      email: member.email,
      subject: { kind: applyable.kind, id: applyable.id, title: applyable.title },
      programme: applyable.programme ? { id: applyable.programme.id, title: applyable.programme.title } : undefined,
      answers,
      yearOfStudy: answers.find((a) => a.id === 'yearOfStudy')?.value,
      resumeId: body.resumeId,
    });
  } catch (error) {
    if (error instanceof KeyOfAnotherApplicationError) throw new ApiError('FORM_KEY_REUSED');
    throw error;
  }
  if (recorded.created) await app.mailQueue.enqueue('application', { id: recorded.row.id, event: 'applied' });
  void request;
  return { created: recorded.created, application: (await myApplications(app, member.id, catalogue, recorded.row.id))[0]! };
}

/** The member's applications as her account shows them (or one of them), newest first. */
export async function myApplications(app: FastifyInstance, userId: number, catalogue: Catalogue, onlyId?: number): Promise<MyApplication[]> {
  const rows = (await applicationsOfMember(app.db, userId)).filter((r) => onlyId === undefined || r.id === onlyId);
  const events = await eventsOf(
    app.db,
    rows.map((r) => r.id),
  );
  const confirmed = (await app.db.selectFrom('users').select('email_confirmed_at').where('id', '=', userId).executeTakeFirst())?.email_confirmed_at != null;
  const out: MyApplication[] = [];
  for (const row of rows) {
    const applyable = row.subject_kind && row.subject_id ? catalogue.find(row.subject_kind, row.subject_id) : undefined;
    const resume = row.resume_id === null ? undefined : await resumeFacts(app.db, row.resume_id);
    out.push({
      reference: applicationReference(row.id),
      subject: { kind: row.subject_kind ?? 'internship', id: row.subject_id ?? '', title: row.subject_title ?? '' },
      ...(row.programme_id ? { programme: { id: row.programme_id, title: row.programme_title ?? row.programme_id } } : {}),
      ...(applyable ? { page: applyable.page } : {}),
      status: row.status as ApplicationStatus,
      ...(row.reason ? { reason: row.reason } : {}),
      appliedAt: row.received_at,
      updatedAt: row.status_at,
      counts: confirmed,
      canWithdraw: WITHDRAWABLE.includes(row.status as ApplicationStatus),
      answers: storedAnswers(row).map((a) => ({
        id: a.id,
        question: a.question,
        value: a.value,
        answer: shownAnswer(
          app,
          a,
          applyable?.questions.find((q) => q.id === a.id),
        ),
      })),
      ...(resume ? { resume: { id: resume.id, bytes: resume.bytes, uploadedAt: resume.uploaded_at } } : {}),
      // What the student sees of the history: every move and every message to her, never the team's notes.
      steps: events
        .filter((e) => e.enquiry_id === row.id && (e.status_to !== null || e.to_student !== null))
        .map((e) => ({
          at: e.at,
          ...(e.status_to ? { status: e.status_to as ApplicationStatus } : {}),
          ...(e.reason ? { reason: e.reason } : {}),
          ...(e.to_student ? { message: e.to_student } : {}),
        })),
      ...(row.certificate_id ? { certificate: { id: row.certificate_id, page: `/certificate/${row.certificate_id}` } } : {}),
    });
  }
  return out;
}

/** The student withdraws: only her own, only while it is being decided; an offer's seat goes back. */
export async function withdraw(app: FastifyInstance, userId: number, reference: string): Promise<ApplicationRow> {
  const id = referenceNumber(reference);
  const row = id === undefined ? undefined : await applicationById(app.db, id);
  if (!row || row.user_id !== userId) throw new ApiError('APPLICATION_NOT_FOUND');
  const from = row.status as ApplicationStatus;
  if (!WITHDRAWABLE.includes(from)) throw new ApiError('APPLICATION_CANNOT_WITHDRAW');
  const moved = await app.db.transaction().execute(async (trx) => {
    if (!(await moveApplication(trx, { id: row.id, from, to: 'withdrawn', author: 'student', at: new Date().toISOString() }))) return false;
    if (SEAT_HOLDING.includes(from) && row.programme_id) await releaseSeat(trx, row.programme_id);
    return true;
  });
  // Moved by the team at the same moment: she is told to look again rather than told it happened.
  if (!moved) throw new ApiError('CHANGED_MEANWHILE');
  return row;
}

// The team's moves

export interface Move {
  to: ApplicationStatus;
  reason?: NotSelectedReason | undefined;
  note?: string | undefined;
  toStudent?: string | undefined;
  author: string;
}

/**
 * Moves one application as the team asked, or says why not: a move its status does not allow, a reason missing for
 * not selected, an offer with no seat left (the seat is taken by the same transaction that makes the offer, so no
 * programme ever offers more than its seats), or a colleague who moved it first.
 */
export async function moveOne(app: FastifyInstance, id: number, move: Move, catalogue: Catalogue, now = new Date()): Promise<ApiError | undefined> {
  const row = await applicationById(app.db, id);
  if (!row) return new ApiError('APPLICATION_NOT_FOUND');
  const from = row.status as ApplicationStatus;
  const words = app.site.ui.applications;
  if (!MOVES[from].includes(move.to)) {
    return new ApiError('APPLICATION_MOVE_NOT_ALLOWED', { from: words.status[from], to: words.status[move.to] });
  }
  if (move.to === 'notSelected' && !move.reason) return new ApiError('REASON_REQUIRED');
  const programme = row.programme_id ? catalogue.programmes().find((p) => p.id === row.programme_id) : undefined;
  const result = await app.db
    .transaction()
    .execute(async (trx) => {
      const takes = move.to === 'offer' && row.programme_id !== null;
      if (takes && !(await takeSeat(trx, row.programme_id!, programme?.seats ?? 0))) return 'full' as const;
      const moved = await moveApplication(trx, {
        id,
        from,
        to: move.to,
        reason: move.reason,
        author: move.author,
        note: move.note,
        toStudent: move.toStudent,
        at: now.toISOString(),
      });
      // Nothing happened: the seat taken above goes back with the rest of the transaction.
      if (!moved) throw new MovedMeanwhile();
      const gives = SEAT_HOLDING.includes(from) && !SEAT_HOLDING.includes(move.to) && row.programme_id !== null;
      if (gives) await releaseSeat(trx, row.programme_id!);
      return 'moved' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof MovedMeanwhile) return 'meanwhile' as const;
      throw error;
    });
  if (result === 'full') {
    return new ApiError('SEATS_FULL', { programme: programme?.title ?? row.programme_title ?? '', seats: programme?.seats ?? 0 });
  }
  if (result === 'meanwhile') return new ApiError('CHANGED_MEANWHILE');
  if (MAILED.includes(move.to) || move.toStudent) {
    await app.mailQueue.enqueue('application', { id, event: MAILED.includes(move.to) ? move.to : 'message' });
  }
  return undefined;
}

class MovedMeanwhile extends Error {}

/** Whether an application is still being decided (the board's open list, and what the site closes when untouched). */
export function isOpen(status: ApplicationStatus): boolean {
  return !DECIDED.includes(status);
}

// Résumés

/** A résumé: a PDF by its first bytes (a file named .pdf that is something else is refused), at most 2 MB, within the member's room. */
export async function keepResume(app: FastifyInstance, userId: number, body: unknown) {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError('RESUME_NOT_PDF');
  if (body.length > RESUME_MAX_BYTES) throw new ApiError('RESUME_TOO_LARGE', { megabytes: RESUME_MAX_BYTES / 1024 / 1024 });
  // %PDF- at the start (a PDF may carry up to 1 KB before it, which no résumé needs) and %%EOF near the end.
  if (
    body.subarray(0, 5).toString('latin1') !== '%PDF-' ||
    !body
      .subarray(Math.max(0, body.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  ) {
    throw new ApiError('RESUME_NOT_PDF');
  }
  await app.limits.spend('memberResumes', String(userId));
  if ((await resumeBytesOf(app.db, userId)) + body.length > RESUME_BYTES_PER_MEMBER) throw new ApiError('RESUME_ROOM_FULL');
  return storeResume(app.db, { userId, bytes: body, sha256: createHash('sha256').update(body).digest('hex') });
}

/** A file name for a download: the reference, nothing a person typed. */
export function resumeFileName(reference: string): string {
  return `resume-${reference}.pdf`;
}

export function movedWords(app: FastifyInstance, count: number, to: ApplicationStatus): string {
  return fill(app.site.ui.serverAnswers.applicationsMoved[count === 1 ? 'one' : 'other'], { count, status: app.site.ui.applications.status[to] });
}

/**
 * Everything about a member's applications, for her data download: each application with her answers as given and
 * every step she sees, and each résumé she keeps with us, the file itself included (base64).
 */
export async function applicationsExport(app: FastifyInstance, userId: number) {
  const rows = await applicationsOfMember(app.db, userId);
  const events = await eventsOf(
    app.db,
    rows.map((r) => r.id),
  );
  const resumes = await resumesOf(app.db, userId);
  return {
    applications: rows.map((row) => ({
      reference: applicationReference(row.id),
      about: row.subject_title,
      programme: row.programme_title,
      appliedAt: row.received_at,
      status: row.status,
      reason: row.reason,
      answers: storedAnswers(row).map((a) => ({ question: a.question, answer: a.value })),
      resume: row.resume_id,
      certificate: row.certificate_id,
      steps: events
        .filter((e) => e.enquiry_id === row.id && (e.status_to !== null || e.to_student !== null))
        .map((e) => ({ at: e.at, status: e.status_to, reason: e.reason, message: e.to_student })),
    })),
    resumes: resumes.map((r) => ({
      id: r.id,
      uploadedAt: r.uploaded_at,
      bytes: r.bytes,
      sha256: r.sha256,
      pdfBase64: Buffer.from(r.content).toString('base64'),
    })),
  };
}
