/**
 * Every limit the server holds, by name, in one place: how many times a client
 * (or an account) may do something in a window. Counted by counts.ts, in the
 * database, so every instance behind a proxy counts together.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Allowance {
  max: number;
  windowMs: number;
}

export const ALLOWANCES = {
  /** Certificate lookups per client and route: the verify API, a certificate's files, its page. */
  verify: { max: 60, windowMs: MINUTE },
  /** Log-ins per client, both log-in paths together. */
  login: { max: 10, windowMs: MINUTE },
  /** Accounts opened per client: a family sharing a connection opens a few; a script storing rows at our cost, no more. */
  signup: { max: 10, windowMs: HOUR },
  /** Wrong passwords for one account, from any number of addresses. */
  wrongPasswords: { max: 10, windowMs: 15 * MINUTE },
  accountRead: { max: 30, windowMs: MINUTE },
  accountWrite: { max: 10, windowMs: MINUTE },
  /** Account routes that check a password (change, delete): a way to guess it, so fewer. */
  passwordCheck: { max: 5, windowMs: MINUTE },
  /** Enrolment requests per client: a person sends one or two. */
  enquiry: { max: 10, windowMs: HOUR },
  /** Contact messages per client (up to 4,000 characters each, kept a year): a person sends one. */
  contact: { max: 5, windowMs: HOUR },
  newsletter: { max: 5, windowMs: HOUR },
  /** Following a newsletter confirm or unsubscribe link. */
  newsletterLink: { max: 20, windowMs: MINUTE },
  passwordReset: { max: 5, windowMs: 15 * MINUTE },
  passwordResetConfirm: { max: 10, windowMs: MINUTE },
  /** Certificate IDs looked up per client, found or not: more than any recruiter checks in an hour (the LOOKUP_ALLOWANCE setting). */
  lookups: { max: 120, windowMs: HOUR },
  /**
   * Certificate IDs looked up that find nothing, per client: a person mistyping an ID a few times never meets
   * it; a script guessing IDs does at once (the LOOKUP_BUDGET setting).
   */
  lookupMisses: { max: 30, windowMs: 10 * MINUTE },
  /** Staff console sign-ins per client (password step). */
  staffLogin: { max: 10, windowMs: MINUTE },
  /** Wrong passwords for one staff account, from anywhere: fewer than a member's, as the console holds more. */
  staffWrongPasswords: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong authenticator or recovery codes for one staff account: a six-digit code cannot be guessed in 5 tries a quarter hour. */
  staffSecondFactor: { max: 5, windowMs: 15 * MINUTE },
  /**
   * Refused console sign-in steps (wrong passwords, wrong codes, lock-outs) written to the audit log per client: each
   * of a person's mistakes is there, and a script's tries (the sign-in allowance lets 10 a minute through) add at
   * most this many rows an hour and one saying that more were not written (staff/service.ts auditRefusal).
   */
  staffRefusalsAudited: { max: 30, windowMs: HOUR },
  /** Invitation links tried per client. */
  staffInvitation: { max: 10, windowMs: MINUTE },
  /** Console requests per client: a person paging and searching, not a script copying the database. */
  staffRead: { max: 300, windowMs: MINUTE },
  staffWrite: { max: 120, windowMs: MINUTE },
  /** Applications sent per client: a student applies to a few roles in a sitting; more is a script filling our board. */
  applications: { max: 20, windowMs: HOUR },
  /** Applications one member sends in a day, from any number of addresses. */
  memberApplications: { max: 10, windowMs: DAY },
  /** Résumés uploaded per client (each up to 2 MB kept in the database). */
  resumeUpload: { max: 10, windowMs: HOUR },
  /** Résumés one member uploads in a day, from anywhere. */
  memberResumes: { max: 10, windowMs: DAY },
  /** Orders made per client: a student pays for a course or two; orders are cheap to make, so few. */
  orders: { max: 10, windowMs: HOUR },
  /** UTRs reported per client: one per payment, and a retyped one. */
  paymentReports: { max: 10, windowMs: HOUR },
  /** The seats-left figures /enroll reads. */
  seatsRead: { max: 60, windowMs: MINUTE },
  /** What the application page reads about the thing applied for (content every page shows anyway). */
  applyablesRead: { max: 60, windowMs: MINUTE },
  /** Mails a day to one address whose owner has confirmed nothing: a reset, a confirmation or two, never a flood. */
  mailUnconfirmed: { max: 3, windowMs: DAY },
  /** Mails a day to an address whose owner has confirmed it (a confirmed account or subscription). */
  mailConfirmed: { max: 20, windowMs: DAY },
} satisfies Record<string, Allowance>;

export type AllowanceName = keyof typeof ALLOWANCES;
export type Allowances = Record<AllowanceName, Allowance>;

/** The allowances with a deployment's or a test's changes. */
export function allowancesWith(changes: Partial<Allowances> = {}): Allowances {
  return { ...ALLOWANCES, ...changes };
}
