import type { Insertable, Kysely, Transaction } from 'kysely';
import { certificateLookupKey } from '../../../engine/shared/certificateId.ts';
import type { Certificate, CertificateRecord } from '../../../engine/types.ts';
import type { CertificateEventsTable, CertificateKind, CertificateStatus, CertificatesTable, Database } from '../../db/schema.ts';

/** The printed fields, as the columns hold them: the spec's seven, then the programme's facts (all optional, migration 011). */
const printed = [
  'certificate_id',
  'student_name',
  'reg_no',
  'college',
  'course_name',
  'marks',
  'issue_date',
  'kind',
  'programme',
  'start_date',
  'end_date',
  'duration_weeks',
  'description',
  'skills',
] as const;
const columns = [...printed, 'status', 'revoked_at', 'revocation_reason', 'corrected_at', 'sample'] as const;

type PrintedRow = Pick<CertificatesTable, (typeof printed)[number]>;

/** A certificate with what verifiers need besides its printed fields. */
export interface StoredCertificate extends Certificate {
  status: CertificateStatus;
  revokedAt: string | null;
  revocationReason: string | null;
  correctedAt: string | null;
  sample: boolean;
}

type Selected = PrintedRow & {
  status: CertificateStatus;
  revoked_at: string | null;
  revocation_reason: string | null;
  corrected_at: string | null;
  sample: number;
};

/** The skills column: a JSON list, or nothing (a value that is not one is nothing, never a crash). */
function skillsOf(text: string | null): string[] | undefined {
  if (!text) return undefined;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) && list.every((s) => typeof s === 'string') && list.length ? list : undefined;
  } catch {
    return undefined;
  }
}

function toStored(row: Selected): StoredCertificate {
  const skills = skillsOf(row.skills);
  return {
    certificateID: row.certificate_id,
    studentName: row.student_name,
    regNo: row.reg_no,
    college: row.college,
    courseName: row.course_name,
    marks: row.marks,
    issueDate: row.issue_date,
    ...(row.kind ? { kind: row.kind } : {}),
    ...(row.programme ? { programme: row.programme } : {}),
    ...(row.start_date ? { startDate: row.start_date } : {}),
    ...(row.end_date ? { endDate: row.end_date } : {}),
    ...(row.duration_weeks !== null && row.duration_weeks !== undefined ? { durationWeeks: Number(row.duration_weeks) } : {}),
    ...(row.description ? { description: row.description } : {}),
    ...(skills ? { skills } : {}),
    status: row.status,
    revokedAt: row.revoked_at,
    revocationReason: row.revocation_reason,
    correctedAt: row.corrected_at,
    sample: row.sample === 1,
  };
}

/** Only what is printed on the certificate. */
export function printedFields(certificate: Certificate): Certificate {
  const { certificateID, studentName, regNo, college, courseName, marks, issueDate } = certificate;
  const { kind, programme, startDate, endDate, durationWeeks, description, skills } = certificate;
  return {
    certificateID,
    studentName,
    regNo,
    college,
    courseName,
    marks,
    issueDate,
    ...(kind ? { kind } : {}),
    ...(programme ? { programme } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(durationWeeks !== undefined ? { durationWeeks } : {}),
    ...(description ? { description } : {}),
    ...(skills?.length ? { skills } : {}),
  };
}

/** A certificate's fields as columns; a field it leaves out is empty (the import file is the truth, as export writes it). */
function toPrintedRow(certificate: Certificate): PrintedRow {
  return {
    certificate_id: certificate.certificateID,
    student_name: certificate.studentName,
    reg_no: certificate.regNo,
    college: certificate.college,
    course_name: certificate.courseName,
    marks: certificate.marks,
    issue_date: certificate.issueDate,
    kind: (certificate.kind as CertificateKind | undefined) ?? null,
    programme: certificate.programme ?? null,
    start_date: certificate.startDate ?? null,
    end_date: certificate.endDate ?? null,
    duration_weeks: certificate.durationWeeks ?? null,
    description: certificate.description ?? null,
    skills: certificate.skills?.length ? JSON.stringify(certificate.skills) : null,
  };
}

function keyOf(certificateId: string): string {
  return certificateLookupKey(certificateId) ?? certificateId;
}

/**
 * The certificates that these lookup keys find (engine/shared/certificateId.ts):
 * one indexed query through Kysely, the same on both databases.
 */
export async function findByLookupKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, StoredCertificate>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('certificates')
    .select([...columns, 'lookup_key'])
    .where('lookup_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.lookup_key, toStored(row)]));
}

/** One certificate by its ID as typed, or undefined. */
export async function findCertificate(db: Kysely<Database>, typed: string): Promise<StoredCertificate | undefined> {
  const key = certificateLookupKey(typed);
  return key ? (await findByLookupKeys(db, [key])).get(key) : undefined;
}

export async function countCertificates(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('certificates')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function allCertificates(db: Kysely<Database>): Promise<StoredCertificate[]> {
  const rows = await db.selectFrom('certificates').select(columns).orderBy('certificate_id').execute();
  return rows.map(toStored);
}

export interface UpsertResult {
  added: number;
  updated: number;
  unchanged: number;
}

/** Two IDs that a visitor's typing could not tell apart (IC25/123456 and IC25-123456): refused, since one would hide the other. */
export class LookupKeyClashError extends Error {
  constructor(
    readonly certificateId: string,
    readonly existingId: string,
  ) {
    super(
      `certificateID ${certificateId} would be found by the same typing as ${existingId}, which is already issued; give it an ID that differs in its letters or digits`,
    );
    this.name = 'LookupKeyClashError';
  }
}

const CHUNK = 200;

type Event = Omit<CertificateEventsTable, 'id'>;

/** What changed between two versions of the printed fields, for the record (PostgreSQL may answer an integer as text). */
function changedFields(before: PrintedRow, after: PrintedRow): string[] {
  const same = (a: unknown, b: unknown) =>
    (a ?? null) === (b ?? null) || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));
  return printed.filter((column) => !same(before[column], after[column]));
}

/**
 * Writes certificates in one transaction: all of them or none. Existing IDs
 * are updated only when something differs, so importing the same file twice
 * changes nothing; a change of printed details is recorded as a correction,
 * and a change of status as a revocation or a reinstatement, each with its
 * time. `onChunk` lets tests interrupt half-way.
 */
export async function upsertCertificates(
  db: Kysely<Database>,
  certificates: readonly CertificateRecord[],
  options: { sample?: boolean; onChunk?: (written: number) => void | Promise<void> } = {},
): Promise<UpsertResult> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };
    for (let start = 0; start < certificates.length; start += CHUNK) {
      const chunk = certificates.slice(start, start + CHUNK);
      const keys = chunk.map((c) => keyOf(c.certificateID));
      const existing = await trx
        .selectFrom('certificates')
        .select([...columns, 'lookup_key'])
        .where('lookup_key', 'in', keys)
        .execute();
      const byKey = new Map(existing.map((row) => [row.lookup_key, row]));
      const events: Event[] = [];
      const fresh: Insertable<CertificatesTable>[] = [];
      for (const certificate of chunk) {
        const row = toPrintedRow(certificate);
        const key = keyOf(certificate.certificateID);
        const before = byKey.get(key);
        if (before && before.certificate_id !== row.certificate_id) throw new LookupKeyClashError(row.certificate_id, before.certificate_id);
        const status: CertificateStatus = certificate.status ?? 'valid';
        const reason = status === 'revoked' ? (certificate.revocationReason ?? null) : null;
        if (!before) {
          fresh.push({
            ...row,
            lookup_key: key,
            status,
            revoked_at: status === 'revoked' ? now : null,
            revocation_reason: reason,
            corrected_at: null,
            sample: options.sample ? 1 : 0,
            created_at: now,
            updated_at: now,
          });
          events.push({ certificate_id: row.certificate_id, at: now, kind: 'issued', detail: null });
          if (status === 'revoked') events.push({ certificate_id: row.certificate_id, at: now, kind: 'revoked', detail: reason });
          result.added++;
          continue;
        }
        const corrected = changedFields(before, row);
        const statusChanged = before.status !== status || (status === 'revoked' && before.revocation_reason !== reason);
        if (corrected.length === 0 && !statusChanged) {
          result.unchanged++;
          continue;
        }
        await trx
          .updateTable('certificates')
          .set({
            ...row,
            updated_at: now,
            ...(corrected.length ? { corrected_at: now } : {}),
            ...(statusChanged
              ? { status, revoked_at: status === 'revoked' ? (before.status === 'revoked' ? before.revoked_at : now) : null, revocation_reason: reason }
              : {}),
          })
          .where('certificate_id', '=', row.certificate_id)
          .execute();
        if (corrected.length) events.push({ certificate_id: row.certificate_id, at: now, kind: 'corrected', detail: JSON.stringify({ fields: corrected }) });
        if (statusChanged) events.push({ certificate_id: row.certificate_id, at: now, kind: status === 'revoked' ? 'revoked' : 'reinstated', detail: reason });
        result.updated++;
      }
      if (fresh.length) await trx.insertInto('certificates').values(fresh).execute();
      if (events.length) await trx.insertInto('certificate_events').values(events).execute();
      await options.onChunk?.(start + chunk.length);
    }
    return result;
  });
}

/** Revokes (with the reason verifiers will read) or reinstates one certificate; records the change. Undefined when no certificate has the ID. */
export async function setCertificateStatus(
  db: Kysely<Database>,
  typed: string,
  change: { status: 'revoked'; reason: string } | { status: 'valid' },
): Promise<StoredCertificate | undefined> {
  const key = certificateLookupKey(typed);
  if (!key) return undefined;
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('certificates').select(columns).where('lookup_key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    const reason = change.status === 'revoked' ? change.reason : null;
    if (row.status === change.status && row.revocation_reason === reason) return toStored(row);
    await trx
      .updateTable('certificates')
      .set({ status: change.status, revoked_at: change.status === 'revoked' ? now : null, revocation_reason: reason, updated_at: now })
      .where('certificate_id', '=', row.certificate_id)
      .execute();
    await trx
      .insertInto('certificate_events')
      .values({ certificate_id: row.certificate_id, at: now, kind: change.status === 'revoked' ? 'revoked' : 'reinstated', detail: reason })
      .execute();
    const after = await trx.selectFrom('certificates').select(columns).where('certificate_id', '=', row.certificate_id).executeTakeFirstOrThrow();
    return toStored(after);
  });
}

/** The recorded history of one certificate, oldest first. */
export async function certificateEvents(db: Kysely<Database>, certificateId: string) {
  return db.selectFrom('certificate_events').select(['at', 'kind', 'detail']).where('certificate_id', '=', certificateId).orderBy('at').orderBy('id').execute();
}

/**
 * The next free ID of the form this site's certificates take (IC26/000042): the letters of the newest certificate
 * that has that form (IC when there is none), this year's two digits, and one more than the highest number issued
 * under them, never fewer than six digits. A proposal: the console shows it, and issuing checks it is still free.
 */
export async function nextFreeCertificateId(db: Kysely<Database>, now = new Date()): Promise<string> {
  const year = String(now.getUTCFullYear()).slice(2);
  const newest = await db.selectFrom('certificates').select('certificate_id').where('sample', '=', 0).orderBy('created_at', 'desc').limit(50).execute();
  const letters = newest.map((r) => /^([A-Z]{2,4})[0-9]{2}\/[0-9]{4,8}$/.exec(r.certificate_id)?.[1]).find(Boolean) ?? 'IC';
  const prefix = `${letters}${year}/`;
  const same = await db.selectFrom('certificates').select('certificate_id').where('certificate_id', 'like', `${prefix}%`).execute();
  const highest = Math.max(0, ...same.map((r) => Number(/\/([0-9]{1,8})$/.exec(r.certificate_id)?.[1] ?? 0)));
  return `${prefix}${String(highest + 1).padStart(6, '0')}`;
}
