import type { Kysely, Transaction } from 'kysely';
import type { Certificate } from '../../engine/types.ts';
import type { CertificatesTable, Database } from '../db/schema.ts';

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

/**
 * The certificates with these IDs, in the order asked; IDs not found are left
 * out. The verification read: one indexed query through Kysely, the same on
 * both databases (the bench measures it at a million certificates).
 */
export async function findCertificates(db: Kysely<Database>, ids: readonly string[]): Promise<Certificate[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('certificates').select(columns).where('certificate_id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.certificate_id, toCertificate(row)]));
  return ids.map((id) => byId.get(id)).filter((c): c is Certificate => c !== undefined);
}

export async function countCertificates(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('certificates')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
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
export async function upsertCertificates(
  db: Kysely<Database>,
  certificates: readonly Certificate[],
  hooks: { onChunk?: (written: number) => void | Promise<void> } = {},
): Promise<UpsertResult> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const result: UpsertResult = { added: 0, updated: 0, unchanged: 0 };
    for (let start = 0; start < certificates.length; start += CHUNK) {
      const chunk = certificates.slice(start, start + CHUNK);
      const existing = await trx
        .selectFrom('certificates')
        .select(columns)
        .where(
          'certificate_id',
          'in',
          chunk.map((c) => c.certificateID),
        )
        .execute();
      const byId = new Map(existing.map((row) => [row.certificate_id, row]));
      const fresh: Row[] = [];
      for (const certificate of chunk) {
        const row = toRow(certificate);
        const before = byId.get(row.certificate_id);
        if (!before) {
          fresh.push(row);
          result.added++;
        } else if (columns.some((c) => before[c] !== row[c])) {
          await trx
            .updateTable('certificates')
            .set({ ...row, updated_at: now })
            .where('certificate_id', '=', row.certificate_id)
            .execute();
          result.updated++;
        } else {
          result.unchanged++;
        }
      }
      if (fresh.length)
        await trx
          .insertInto('certificates')
          .values(fresh.map((row) => ({ ...row, created_at: now, updated_at: now })))
          .execute();
      await hooks.onChunk?.(start + chunk.length);
    }
    return result;
  });
}
