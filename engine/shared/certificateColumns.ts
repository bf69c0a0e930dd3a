/**
 * The column titles a certificate file may use, as office people write them in a spreadsheet: the first of each is
 * the template's (the console's download), the others are read too, as is the field's own name (certificateID).
 * Matched without regard to case, spaces or punctuation ("Reg. No." is "reg no"). One list for the import, which
 * reads them, and the console, which writes the template from them.
 */
export const CERTIFICATE_COLUMN_TITLES = {
  certificateID: ['Certificate ID', 'Certificate No', 'Certificate Number', 'Cert ID'],
  studentName: ['Student Name', 'Name of the Student', 'Student', 'Name'],
  regNo: ['Registration Number', 'Registration No', 'Reg No', 'Roll No', 'Enrollment No', 'Enrolment No'],
  college: ['College', 'College Name', 'Institute', 'Institution'],
  courseName: ['Course', 'Course Name', 'Programme Name', 'Program Name'],
  marks: ['Marks', 'Marks or Grade', 'Marks/Grade', 'Grade', 'Score'],
  issueDate: ['Issue Date', 'Date of Issue', 'Issued On', 'Date'],
  kind: ['Kind', 'Type'],
  programme: ['Programme', 'Program', 'Programme ID'],
  startDate: ['Start Date', 'From'],
  endDate: ['End Date', 'To'],
  durationWeeks: ['Duration (weeks)', 'Weeks', 'Duration'],
  description: ['Description'],
  skills: ['Skills'],
  status: ['Status'],
  revocationReason: ['Revocation Reason', 'Reason for Revocation', 'Reason'],
} as const;

export type CertificateColumn = keyof typeof CERTIFICATE_COLUMN_TITLES;

/** A title as matched: small letters and digits only. */
const squeezed = (title: string) => title.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_TITLE = new Map<string, CertificateColumn>(
  (Object.entries(CERTIFICATE_COLUMN_TITLES) as [CertificateColumn, readonly string[]][]).flatMap(([field, titles]) =>
    [field, ...titles].map((t) => [squeezed(t), field] as const),
  ),
);

/** The field a column title names, or undefined when it names none. */
export function columnOf(title: string): CertificateColumn | undefined {
  return BY_TITLE.get(squeezed(title));
}

/** The template's title of a field (Certificate ID for certificateID). */
export function titleOf(field: CertificateColumn): string {
  return CERTIFICATE_COLUMN_TITLES[field][0];
}

/**
 * A date as offices in India write it, read as YYYY-MM-DD: 27/11/2026, 27-11-2026 and 27.11.2026 (day first), and
 * the serial number Excel keeps for a date (46353 is 2026-11-27). Undefined for anything else, or a day that does
 * not exist (31/02/2026), so the check says what is wrong.
 */
export function indianDate(text: string): string | undefined {
  const written = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  let date: Date | undefined;
  if (written) date = new Date(Date.UTC(Number(written[3]), Number(written[2]) - 1, Number(written[1])));
  else if (/^\d{5}$/.test(text.trim())) date = new Date(Date.UTC(1899, 11, 30) + Number(text.trim()) * 86_400_000);
  if (!date || Number.isNaN(date.getTime())) return undefined;
  if (written && (date.getUTCDate() !== Number(written[1]) || date.getUTCMonth() !== Number(written[2]) - 1)) return undefined;
  return date.toISOString().slice(0, 10);
}
