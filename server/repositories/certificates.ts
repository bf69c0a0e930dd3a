import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import type { Certificate } from '../../engine/types.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { CertificatesTable, Database } from '../db/schema.ts';
import { noteCertificateWrite } from './certificateWrites.ts';
import { VerifyIndex, type VerifyIndexOptions } from './verifyIndex.ts';

type Row = Pick<CertificatesTable, 'certificate_id' | 'student_name' | 'reg_no' | 'college' | 'course_name' | 'marks' | 'issue_date'>;

const columns = ['certificate_id', 'student_name', 'reg_no', 'college', 'course_name', 'marks', 'issue_date'] as const;

export function toCertificate(row: Row): Certificate {
  return {
    certificateID: row.certificate_id,
    studentName: row.student_name,
    regNo: row.reg_no,
    college: row.college,
    courseName: row.course_name,
    marks: row.marks,
    issueDate: row.issue_date,
  };
}

function toRow(certificate: Certificate): Row {
  return {
    certificate_id: certificate.certificateID,
    student_name: certificate.studentName,
    reg_no: certificate.regNo,
    college: certificate.college,
    course_name: certificate.courseName,
    marks: certificate.marks,
    issue_date: certificate.issueDate,
  };
}

/** The certificates with these IDs, in the order asked; IDs not found are left out. */
export async function findCertificates(db: Kysely<Database>, ids: readonly string[]): Promise<Certificate[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('certificates').select(columns).where('certificate_id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.certificate_id, toCertificate(row)]));
  return ids.map((id) => byId.get(id)).filter((c): c is Certificate => c !== undefined);
}

/** Answers the verify response for these IDs: the JSON array of the certificates found, in the order asked. */
export interface CertificateLookup {
  (ids: readonly string[]): Promise<string | Buffer>;
  /** Resolves once the in-memory index (embedded database) is built for the table as it is, or known not to fit. */
  warm(): Promise<void>;
  /** What the in-memory index holds, if there is one. */
  stats(): { certificates: number; bytes: number } | undefined;
  close(): void;
}

const JSON_FIELDS: [keyof Certificate, keyof Row][] = [
  ['certificateID', 'certificate_id'],
  ['studentName', 'student_name'],
  ['regNo', 'reg_no'],
  ['college', 'college'],
  ['courseName', 'course_name'],
  ['marks', 'marks'],
  ['issueDate', 'issue_date'],
];

/**
 * The verification read, the one hot path of the API. On the embedded
 * database it answers from the in-memory index (see VerifyIndex) whenever that
 * is up to date, and otherwise with one prepared statement per number of IDs,
 * run synchronously, SQLite writing each certificate's JSON: the bench
 * measured Kysely's query building, per-query prepare and connection queue,
 * and then the objects and JSON.stringify, at more than the lookup itself.
 * PostgreSQL goes through Kysely. The API tests run both and check the answers
 * against the response schema.
 */
export function certificateLookup(handle: DatabaseHandle, options: VerifyIndexOptions = {}): CertificateLookup {
  const sqlite = handle.sqlite;
  if (!sqlite) {
    const lookup = async (ids: readonly string[]) => JSON.stringify(await findCertificates(handle.db, ids));
    return Object.assign(lookup, { warm: async () => {}, stats: () => undefined, close: () => {} });
  }
  const statements = new Map<number, BetterSqlite3.Statement<string[], string>>();
  const json = `json_object(${JSON_FIELDS.map(([key, column]) => `'${key}', "${column}"`).join(', ')})`;
  const index = new VerifyIndex(sqlite, json, options);
  const fromDatabase = (ids: readonly string[]): string => {
    let statement = statements.get(ids.length);
    if (!statement) {
      // The IDs as a numbered VALUES list joined to the table: SQLite answers in the order asked, with no map to build here.
      const asked = ids.map((_, position) => `(${position}, ?)`).join(', ');
      statement = sqlite
        .prepare<string[], string>(`select ${json} from (values ${asked}) as "asked" join "certificates" on "certificate_id" = "asked"."column2" order by "asked"."column1"`)
        .pluck(true);
      statements.set(ids.length, statement);
    }
    return `[${statement.all(...ids).join(',')}]`;
  };
  const lookup = async (ids: readonly string[]) => (ids.length === 0 ? '[]' : (index.answer(ids) ?? fromDatabase(ids)));
  return Object.assign(lookup, { warm: () => index.warm(), stats: () => index.stats, close: () => index.close() });
}

export async function countCertificates(db: Kysely<Database>): Promise<number> {
  const { n } = await db.selectFrom('certificates').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

export async function allCertificates(db: Kysely<Database>): Promise<Certificate[]> {
  const rows = await db.selectFrom('certificates').select(columns).orderBy('certificate_id').execute();
  return rows.map(toCertificate);
}

export interface UpsertResult {
  added: number;
  updated: number;
  unchanged: number;
}

const CHUNK = 200;

/**
 * Writes certificates in one transaction: all of them or none. Existing IDs
 * are updated only when something differs, so importing the same file twice
 * changes nothing. `onChunk` lets tests interrupt half-way.
 */
export async function upsertCertificates(db: Kysely<Database>, certificates: readonly Certificate[], hooks: { onChunk?: (written: number) => void | Promise<void> } = {}): Promise<UpsertResult> {
  const now = new Date().toISOString();
  try {
    return await upsertInTransaction(db, certificates, hooks, now);
  } finally {
    noteCertificateWrite();
  }
}

async function upsertInTransaction(db: Kysely<Database>, certificates: readonly Certificate[], hooks: { onChunk?: (written: number) => void | Promise<void> }, now: string): Promise<UpsertResult> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };
    for (let start = 0; start < certificates.length; start += CHUNK) {
      const chunk = certificates.slice(start, start + CHUNK);
      const existing = await trx.selectFrom('certificates').select(columns).where('certificate_id', 'in', chunk.map((c) => c.certificateID)).execute();
      const byId = new Map(existing.map((row) => [row.certificate_id, row]));
      const fresh: Row[] = [];
      for (const certificate of chunk) {
        const row = toRow(certificate);
        const before = byId.get(row.certificate_id);
        if (!before) {
          fresh.push(row);
          result.added++;
        } else if (columns.some((c) => before[c] !== row[c])) {
          await trx.updateTable('certificates').set({ ...row, updated_at: now }).where('certificate_id', '=', row.certificate_id).execute();
          result.updated++;
        } else {
          result.unchanged++;
        }
      }
      if (fresh.length) await trx.insertInto('certificates').values(fresh.map((row) => ({ ...row, created_at: now, updated_at: now }))).execute();
      await hooks.onChunk?.(start + chunk.length);
    }
    return result;
  });
}
