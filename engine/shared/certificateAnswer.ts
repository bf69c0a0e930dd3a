import type { VerifiedCertificate } from '../types.ts';
import { certificatePagePath } from './certificateId.ts';
import { calendarDay } from './dates.ts';

/** A certificate as the pages show it: a verify answer's, with what the spec's answer leaves out filled in. */
export type ShownCertificate = VerifiedCertificate & Required<Pick<VerifiedCertificate, 'status' | 'sample' | 'checkedAt' | 'page'>>;

const TEXT_FIELDS = ['certificateID', 'studentName', 'college', 'courseName'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/** A field section 3 names without a type, which another server may well send as a number (marks 92, regNo 2025142): as text. */
function textOrNumber(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return isText(value) && value !== '' ? value : undefined;
}

/**
 * One certificate of a verify answer, in any fair reading of the spec's seven fields (sections 3 and 7): marks and
 * regNo as text or a number, issueDate as a date or a date and time (kept as its calendar day, see calendarDay); other
 * fields are ignored. This server's own fields are optional, and one of the wrong type is left out rather than
 * trusted; what the spec's answer does not say is filled in (valid, not a sample, checked now, its page from its ID).
 * Undefined when it is not a certificate at all. Wider than schemas/api/verifiedCertificate.schema.json on purpose:
 * that holds what this server sends; this reads what any server of the spec may send.
 */
export function readAnsweredCertificate(value: unknown, receivedAt: Date): ShownCertificate | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (!TEXT_FIELDS.every((field) => isText(raw[field]) && raw[field] !== '')) return undefined;
  const regNo = textOrNumber(raw['regNo']);
  const marks = textOrNumber(raw['marks']);
  const issueDate = isText(raw['issueDate']) ? calendarDay(raw['issueDate']) : undefined;
  if (regNo === undefined || marks === undefined || issueDate === undefined) return undefined;
  const certificateID = raw['certificateID'] as string;
  const day = (field: string) => (isText(raw[field]) && DAY.test(raw[field]) ? { [field]: raw[field] } : {});
  const text = (field: string) => (isText(raw[field]) && raw[field] !== '' ? { [field]: raw[field] } : {});
  const weeks = raw['durationWeeks'];
  const checkedAt = isText(raw['checkedAt']) && !Number.isNaN(Date.parse(raw['checkedAt'])) ? raw['checkedAt'] : receivedAt.toISOString();
  const page = isText(raw['page']) && raw['page'].startsWith('/certificate/') ? raw['page'] : certificatePagePath(certificateID);
  return {
    certificateID,
    studentName: raw['studentName'] as string,
    regNo,
    college: raw['college'] as string,
    courseName: raw['courseName'] as string,
    marks,
    issueDate,
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
