import type { Kysely } from 'kysely';
import { certificateLookupKey, certificatePagePath } from '../../engine/shared/certificateId.ts';
import type { VerifiedCertificate } from '../../engine/types.ts';
import type { Database } from '../db/schema.ts';
import { findByLookupKeys, type StoredCertificate } from '../repositories/certificates.ts';
import type { LookupBudget } from '../security/lookupBudget.ts';

/** A certificate as a verifier is shown it: its printed fields, its status, and when it was checked; nothing else. */
export function toVerified(certificate: StoredCertificate, checkedAt: Date): VerifiedCertificate {
  return {
    certificateID: certificate.certificateID,
    studentName: certificate.studentName,
    regNo: certificate.regNo,
    college: certificate.college,
    courseName: certificate.courseName,
    marks: certificate.marks,
    issueDate: certificate.issueDate,
    status: certificate.status,
    ...(certificate.status === 'revoked' && certificate.revokedAt ? { revokedOn: certificate.revokedAt.slice(0, 10) } : {}),
    ...(certificate.status === 'revoked' && certificate.revocationReason ? { revocationReason: certificate.revocationReason } : {}),
    ...(certificate.correctedAt ? { correctedOn: certificate.correctedAt.slice(0, 10) } : {}),
    sample: certificate.sample,
    checkedAt: checkedAt.toISOString(),
    page: certificatePagePath(certificate.certificateID),
  };
}

export type Verification =
  | { ok: true; found: { typed: string; certificate: StoredCertificate }[]; missing: string[]; checkedAt: Date }
  | { ok: false; retryAfterMs: number };

/**
 * Looks IDs up as typed (each once, however it was written), and charges the
 * ones that find nothing to the client's budget. A client whose budget is
 * spent gets nothing back, so guessing stops there; found certificates cost
 * nothing.
 */
export async function verifyIds(db: Kysely<Database>, budget: LookupBudget, client: string, typedIds: readonly string[]): Promise<Verification> {
  const asked = new Map<string, string>();
  const unusable: string[] = [];
  for (const raw of typedIds) {
    const typed = raw.trim();
    const key = certificateLookupKey(typed);
    if (key === undefined) {
      if (!unusable.includes(typed)) unusable.push(typed);
    } else if (!asked.has(key)) asked.set(key, typed);
  }
  const stored = await findByLookupKeys(db, [...asked.keys()]);
  const found = [...asked].flatMap(([key, typed]) => {
    const certificate = stored.get(key);
    return certificate ? [{ typed, certificate }] : [];
  });
  const missing = [...[...asked].filter(([key]) => !stored.has(key)).map(([, typed]) => typed), ...unusable];
  if (missing.length > 0) {
    // A request that starts within the budget is answered whole (at most 9 misses over it); the next one waits.
    const { left, retryAfterMs } = await budget.left(client);
    if (left === 0) return { ok: false, retryAfterMs };
    await budget.spend(client, missing.length);
  }
  return { ok: true, found, missing, checkedAt: new Date() };
}
