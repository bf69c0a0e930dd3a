import type { VerifiedCertificate } from '../types.ts';
import { certificatePagePath } from './certificateId.ts';

/** A certificate as the pages show it: a verify answer's, with what the spec's answer leaves out filled in. */
export type ShownCertificate = VerifiedCertificate & Required<Pick<VerifiedCertificate, 'status' | 'sample' | 'checkedAt' | 'page'>>;

const SPEC_FIELDS = ['certificateID', 'studentName', 'regNo', 'college', 'courseName', 'marks', 'issueDate'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/**
 * One certificate of a verify answer, read as schemas/api/verifiedCertificate.schema.json
 * describes it (a test holds the two together): the spec's seven fields
 * (section 7) are required; everything this server adds is optional, and a
 * field of the wrong type is left out rather than trusted. What the spec's
 * answer does not say is filled in: it stands (status valid, not a sample),
 * it was checked when the answer came, and its page is made from its ID.
 * Undefined when it is not a certificate at all.
 */
export function readAnsweredCertificate(value: unknown, receivedAt: Date): ShownCertificate | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (!SPEC_FIELDS.every((field) => isText(raw[field]) && raw[field] !== '')) return undefined;
  const certificateID = raw['certificateID'] as string;
  const day = (field: string) => (isText(raw[field]) && DAY.test(raw[field]) ? { [field]: raw[field] } : {});
  const text = (field: string) => (isText(raw[field]) && raw[field] !== '' ? { [field]: raw[field] } : {});
  const weeks = raw['durationWeeks'];
  const checkedAt = isText(raw['checkedAt']) && !Number.isNaN(Date.parse(raw['checkedAt'])) ? raw['checkedAt'] : receivedAt.toISOString();
  const page = isText(raw['page']) && raw['page'].startsWith('/certificate/') ? raw['page'] : certificatePagePath(certificateID);
  return {
    certificateID,
    studentName: raw['studentName'] as string,
    regNo: raw['regNo'] as string,
    college: raw['college'] as string,
    courseName: raw['courseName'] as string,
    marks: raw['marks'] as string,
    issueDate: raw['issueDate'] as string,
    ...(raw['kind'] === 'internship' || raw['kind'] === 'course' ? { kind: raw['kind'] } : {}),
    ...day('startDate'),
    ...day('endDate'),
    ...(typeof weeks === 'number' && Number.isInteger(weeks) && weeks > 0 ? { durationWeeks: weeks } : {}),
    ...text('description'),
    ...(isTextList(raw['skills']) && raw['skills'].length ? { skills: raw['skills'] } : {}),
    status: raw['status'] === 'revoked' ? 'revoked' : 'valid',
    ...day('revokedOn'),
    ...text('revocationReason'),
    ...day('correctedOn'),
    sample: raw['sample'] === true,
    checkedAt,
    page,
  };
}

/** A verify answer: the certificates found, or undefined when it is not a list (an answer the pages cannot read: an error to show, never a crash). */
export function readVerifyAnswer(value: unknown, receivedAt = new Date()): ShownCertificate[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const certificates: ShownCertificate[] = [];
  for (const item of value) {
    const certificate = readAnsweredCertificate(item, receivedAt);
    if (!certificate) return undefined;
    certificates.push(certificate);
  }
  return certificates;
}
