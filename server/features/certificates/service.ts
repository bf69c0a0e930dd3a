import type { FastifyInstance, FastifyRequest } from 'fastify';
import { certificateLookupKey, certificatePagePath } from '../../../engine/shared/certificateId.ts';
import { indianIsoDate, weeksBetween } from '../../../engine/shared/dates.ts';
import { fillCount } from '../../../engine/shared/fill.ts';
import type { VerifiedCertificate } from '../../../engine/types.ts';
import type { CertificateKind } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { clientKey } from '../../limits/clientKey.ts';
import type { ProgrammeCatalogue } from './programmes.ts';
import { findByLookupKeys, type StoredCertificate } from './repository.ts';

/** What a certificate says about its programme, its own facts first, then its programme's in data/ (when it names one). */
export interface ProgrammeFacts {
  kind: CertificateKind;
  startDate?: string;
  endDate?: string;
  durationWeeks?: number;
  description?: string;
  skills?: string[];
}

/**
 * The certificate's kind, dates, length, description and skills: its own
 * where it has them, else its programme's; its length from its dates when it
 * gives none; its kind, failing both, from its name (the word Internship).
 */
export function programmeFacts(certificate: StoredCertificate, programmes: ProgrammeCatalogue | undefined): ProgrammeFacts {
  const programme = certificate.programme ? programmes?.get(certificate.programme) : undefined;
  const kind: CertificateKind = certificate.kind ?? programme?.kind ?? (/\binternship\b/i.test(certificate.courseName) ? 'internship' : 'course');
  const fromDates = certificate.startDate && certificate.endDate ? weeksBetween(certificate.startDate, certificate.endDate) : undefined;
  const durationWeeks = certificate.durationWeeks ?? fromDates ?? programme?.durationWeeks;
  const description = certificate.description ?? programme?.description;
  const skills = certificate.skills ?? programme?.skills;
  return {
    kind,
    ...(certificate.startDate ? { startDate: certificate.startDate } : {}),
    ...(certificate.endDate ? { endDate: certificate.endDate } : {}),
    ...(durationWeeks !== undefined ? { durationWeeks } : {}),
    ...(description ? { description } : {}),
    ...(skills?.length ? { skills } : {}),
  };
}

/** A certificate as a verifier is shown it: its printed fields and its programme's facts, its status, and when it was checked; nothing else. Days of events are India's. */
export function toVerified(certificate: StoredCertificate, checkedAt: Date, programmes?: ProgrammeCatalogue): VerifiedCertificate {
  const revokedOn = certificate.status === 'revoked' && certificate.revokedAt ? indianIsoDate(certificate.revokedAt) : undefined;
  const correctedOn = certificate.correctedAt ? indianIsoDate(certificate.correctedAt) : undefined;
  return {
    certificateID: certificate.certificateID,
    studentName: certificate.studentName,
    regNo: certificate.regNo,
    college: certificate.college,
    courseName: certificate.courseName,
    marks: certificate.marks,
    issueDate: certificate.issueDate,
    ...programmeFacts(certificate, programmes),
    status: certificate.status,
    ...(revokedOn ? { revokedOn } : {}),
    ...(certificate.status === 'revoked' && certificate.revocationReason ? { revocationReason: certificate.revocationReason } : {}),
    ...(correctedOn ? { correctedOn } : {}),
    sample: certificate.sample,
    checkedAt: checkedAt.toISOString(),
    page: certificatePagePath(certificate.certificateID),
  };
}

export interface Verification {
  found: { typed: string; certificate: StoredCertificate }[];
  missing: string[];
  checkedAt: Date;
}

/** The refusal once the client's lookups that find nothing are spent: LOOKUP_BUDGET_SPENT, with the wait in the site's words. */
function budgetSpent(app: FastifyInstance, retryAfterMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new ApiError('LOOKUP_BUDGET_SPENT', { wait: fillCount(app.site.ui.serverErrors.minutes, minutes) }, Math.ceil(retryAfterMs / 1000));
}

/**
 * Looks IDs up as typed (each once, however it was written), and charges the
 * ones that find nothing to the client's budget (app.limits.lookups). A client
 * whose budget is spent is refused (LOOKUP_BUDGET_SPENT), so guessing stops
 * there; found certificates cost nothing.
 */
export async function verifyIds(app: FastifyInstance, request: FastifyRequest, typedIds: readonly string[]): Promise<Verification> {
  const asked = new Map<string, string>();
  const unusable: string[] = [];
  for (const raw of typedIds) {
    const typed = raw.trim();
    const key = certificateLookupKey(typed);
    if (key === undefined) {
      if (!unusable.includes(typed)) unusable.push(typed);
    } else if (!asked.has(key)) asked.set(key, typed);
  }
  const stored = await findByLookupKeys(app.db, [...asked.keys()]);
  const found = [...asked].flatMap(([key, typed]) => {
    const certificate = stored.get(key);
    return certificate ? [{ typed, certificate }] : [];
  });
  const missing = [...[...asked].filter(([key]) => !stored.has(key)).map(([, typed]) => typed), ...unusable];
  // A request that starts within the budget is answered whole (at most 9 IDs over it); the next one waits. Spent, nothing is answered.
  const spent = await app.limits.lookups.spend(clientKey(request), asked.size + unusable.length, missing.length);
  if (!spent.ok) throw budgetSpent(app, spent.retryAfterMs);
  return { found, missing, checkedAt: new Date() };
}

/** One certificate by an ID as typed: NOT_FOUND's refusal (the spec's sentence with the ID) when none has it. */
export async function oneCertificate(app: FastifyInstance, request: FastifyRequest, typed: string): Promise<StoredCertificate> {
  const result = await verifyIds(app, request, [typed]);
  const found = result.found[0]?.certificate;
  if (!found) throw new ApiError('CERTIFICATE_NOT_FOUND', { id: typed.trim() });
  return found;
}
