import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../engine/shared/apiRoutes.ts';
import { certificateLookupKey } from '../../../engine/shared/certificateId.ts';
import { fill } from '../../../engine/shared/fill.ts';
import type { CertificateRecord, StaffImportRow } from '../../../engine/types.ts';
import { ApiError } from '../../errors.ts';
import { handle } from '../../http/routes.ts';
import {
  certificateEvents,
  certificateFileReader,
  countCertificates,
  findByLookupKeys,
  findCertificate,
  newestCertificates,
  nextFreeCertificateId,
  readCertificateFile,
  type StoredCertificate,
  searchCertificates,
  setCertificateStatus,
  upsertCertificates,
} from '../certificates/index.ts';
import { PAGE_SIZE, pageOf } from './paging.ts';
import { audit } from './service.ts';

/**
 * Certificates: search and history for every role; issue (the form, a file after its preview), revoke and
 * reinstate for staff and owners. Every check is the command line's import's own (readCertificateFile), all or nothing.
 */
/** Rows an import's answer shows; the rest are counted. */
const SHOWN_ROWS = 100;
/** Keys a lookup asks for at once. */
const LOOKUP_CHUNK = 500;

/**
 * The stored certificates a file's rows name, by lookup key: 500 a query, other answers going out between queries
 * (SQLite answers each on the request thread; one query of 15,000 keys held it).
 */
async function storedOf(db: FastifyInstance['db'], certificates: readonly CertificateRecord[]): Promise<Map<string, StoredCertificate>> {
  const keys = certificates.map((c) => certificateLookupKey(c.certificateID) ?? c.certificateID);
  const found = new Map<string, StoredCertificate>();
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    for (const [key, stored] of await findByLookupKeys(db, keys.slice(i, i + LOOKUP_CHUNK))) found.set(key, stored);
    await setImmediate();
  }
  return found;
}

export async function staffCertificatesRoutes(app: FastifyInstance, { idPattern }: { idPattern: string }): Promise<void> {
  const words = app.site.ui.serverAnswers;

  // How many certificates there are in all, kept a minute: counting a million rows takes 60 ms or more, longer than
  // the page (scripts/bench/staffBench.ts). This instance's own issues and imports count at once; another
  // instance's within the minute.
  let allCount: { value: number; at: number } | undefined;
  const countAll = async () => {
    if (!allCount || Date.now() - allCount.at > 60_000) allCount = { value: await countCertificates(app.db), at: Date.now() };
    return allCount.value;
  };
  const recount = () => {
    allCount = undefined;
  };

  handle(app, 'staffCertificates', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { page, offset } = pageOf(request.query);
    const search = request.query.search?.trim();
    const { rows, total, atLeast } = search
      ? await searchCertificates(app.db, search, offset, PAGE_SIZE)
      : { rows: await newestCertificates(app.db, offset, PAGE_SIZE), total: await countAll(), atLeast: false };
    return {
      total,
      ...(atLeast ? { atLeast } : {}),
      page,
      pageSize: PAGE_SIZE,
      items: rows.map((r) => ({
        certificateID: r.certificate_id,
        studentName: r.student_name,
        courseName: r.course_name,
        issueDate: r.issue_date,
        status: r.status,
        sample: r.sample === 1,
      })),
    };
  });

  handle(app, 'staffCertificateHistory', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const found = await findCertificate(app.db, request.query.id);
    if (!found) throw new ApiError('CERTIFICATE_NOT_FOUND', { id: request.query.id });
    const id = encodeURIComponent(found.certificateID);
    const { certificateID, studentName, regNo, college, courseName, marks, issueDate, status, revocationReason } = found;
    return {
      certificate: { certificateID, studentName, regNo, college, courseName, marks, issueDate, status, ...(revocationReason ? { revocationReason } : {}) },
      events: await certificateEvents(app.db, found.certificateID),
      links: {
        page: `/certificate/${found.certificateID}`,
        pdf: `${apiRoutes.certificatePdf.path}?id=${id}`,
        credential: `${apiRoutes.certificateCredential.path}?id=${id}`,
      },
    };
  });

  handle(app, 'staffCertificateNextId', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { id: await nextFreeCertificateId(app.db) };
  });

  handle(app, 'staffCertificateIssue', async (request) => {
    const { certificates, problems } = readCertificateFile('form.json', JSON.stringify([request.body.certificate]), idPattern);
    if (problems.length) throw new ApiError('CERTIFICATE_INVALID', { problems: problems.map((p) => p.message).join('; ') });
    const certificate = certificates[0]!;
    if (await findCertificate(app.db, certificate.certificateID)) throw new ApiError('CERTIFICATE_EXISTS', { id: certificate.certificateID });
    await upsertCertificates(app.db, [certificate]);
    recount();
    await audit(app, request, 'issue', certificate.certificateID, { studentName: certificate.studentName, courseName: certificate.courseName });
    return { message: fill(words.certificateIssued, { id: certificate.certificateID }) };
  });

  // Files are read off the request thread (fileReader.ts); the worker ends with the app.
  const files = certificateFileReader();
  app.addHook('onClose', () => files.close());

  handle(app, 'staffCertificateImport', async (request) => {
    const { fileName, text, write: writing } = request.body;
    const { certificates, problems, problemCount, problemLines, outOfBounds } = await files.read(fileName, text, idPattern);
    if (outOfBounds) throw new ApiError('IMPORT_OUT_OF_BOUNDS', { reason: outOfBounds.message, line: outOfBounds.line });
    const existing = await storedOf(app.db, certificates);
    // Every row counted; the first SHOWN_ROWS shown (15,000 rows answered 1.9 MB, for a table nobody reads to the end).
    const changes = { new: 0, changed: 0, unchanged: 0 };
    const rows: StaffImportRow[] = [];
    for (const c of certificates) {
      const before = existing.get(certificateLookupKey(c.certificateID) ?? c.certificateID);
      const same =
        before &&
        (['studentName', 'regNo', 'college', 'courseName', 'marks', 'issueDate'] as const).every((f) => before[f] === c[f]) &&
        before.status === (c.status ?? 'valid');
      const change = !before ? 'new' : same ? 'unchanged' : 'changed';
      changes[change]++;
      if (rows.length < SHOWN_ROWS) rows.push({ certificateID: c.certificateID, studentName: c.studentName, courseName: c.courseName, change });
    }
    const preview = { rows, rowCount: certificates.length, changes, problems, problemCount };
    if (!writing) return { ...preview, written: 0 };
    if (problemCount) throw new ApiError('IMPORT_HAS_PROBLEMS', { count: problemLines });
    // SQLite writes each chunk of 200 at once: between chunks, other answers go out (the transaction stays whole).
    const result = await upsertCertificates(app.db, certificates, { onChunk: () => setImmediate() });
    recount();
    const written = certificates.length;
    await audit(app, request, 'import', fileName, { rows: written, result });
    return { ...preview, written, message: fill(words.certificatesImported, { count: written }) };
  });

  handle(app, 'staffCertificateRevoke', async (request) => {
    const reason = request.body.reason.trim();
    if (!reason) throw new ApiError('FIELDS_MISSING');
    const changed = await setCertificateStatus(app.db, request.body.id, { status: 'revoked', reason });
    if (!changed) throw new ApiError('CERTIFICATE_NOT_FOUND', { id: request.body.id });
    await audit(app, request, 'revoke', changed.certificateID, { reason });
    return { message: fill(words.certificateRevoked, { id: changed.certificateID }) };
  });

  handle(app, 'staffCertificateReinstate', async (request) => {
    const changed = await setCertificateStatus(app.db, request.body.id, { status: 'valid' });
    if (!changed) throw new ApiError('CERTIFICATE_NOT_FOUND', { id: request.body.id });
    await audit(app, request, 'reinstate', changed.certificateID);
    return { message: fill(words.certificateReinstated, { id: changed.certificateID }) };
  });
}
