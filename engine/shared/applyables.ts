import { SUBJECT_KINDS, type SubjectKind } from '../generated/enquiryStatuses.ts';

/**
 * What can be applied for on the site, as its addresses and its release file name it: the build writes every
 * Applyable into each release as APPLYABLES_FILE (the server answers applications from that file), and every Apply
 * of the site is a link to the application page that names one of them: /apply?internship=law/corporateLaw (a role of
 * a programme), /apply?internship=law (the programme: the student chooses the role in the form),
 * /apply?course=WebDevelopment, /apply?job=Developer%20Jobs/frontendDeveloper, /apply?opening=campusAmbassador.
 */

/** The file each release holds beside its pages: every thing a student can apply for, as the build gathered it. */
export const APPLYABLES_FILE = 'applyables.json';

/** What an Apply names: its kind (the address parameter) and its id. */
export interface AppliedFor {
  kind: SubjectKind;
  id: string;
}

/** The application page's address for one thing (or one programme): its id readable, the slashes between its parts kept. */
export function applyHref(applyPage: string, { kind, id }: AppliedFor): string {
  return `${applyPage}?${kind}=${encodeURIComponent(id).replace(/%2F/g, '/')}`;
}

/** What an application page's address names, if anything: the first kind it carries with a value. */
export function appliedForIn(params: URLSearchParams): AppliedFor | undefined {
  for (const kind of SUBJECT_KINDS) {
    const id = params.get(kind)?.trim();
    if (id) return { kind, id };
  }
  return undefined;
}

/** An internship role's id in the catalogue: its programme and its role, law/corporateLaw. */
export function internshipId(programme: string, role: string): string {
  return `${programme}/${role}`;
}

/**
 * The id of a stream's own programme, when it names none of /enroll's (the Business Analyst program): its name as a
 * key, "Business Analyst" → businessAnalyst. Renaming the page renames the programme, as renaming a role renames it.
 */
export function ownProgrammeId(name: string): string {
  const words = name.match(/[A-Za-z0-9]+/g) ?? [];
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())).join('') || 'programme';
}

/** A job role's id in the catalogue: its category page's name and its role, Developer Jobs/frontendDeveloper. */
export function jobId(pagePath: string, role: string): string {
  return `${pagePath.slice(pagePath.lastIndexOf('/') + 1)}/${role}`;
}

/** A résumé is a PDF of at most 2 MB: what recruiters read, and all a student's CV needs (the form says so, the server holds to it). */
export const RESUME_MAX_BYTES = 2 * 1024 * 1024;

/** The longest answers a form takes: a line (a college, a degree) and a few paragraphs (why we should pick you). */
export const ANSWER_MAX_LENGTH = { line: 200, text: 2000 } as const;
