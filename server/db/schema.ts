import type { Generated } from 'kysely';
import type { EnquiryKind, EnquiryStatus, NotSelectedReason, OrderKind, OrderStatus, SubjectKind } from '../../engine/generated/enquiryStatuses.ts';
import type { Language } from '../../engine/shared/language.ts';

/** Timestamps are ISO-8601 UTC strings in both SQLite and PostgreSQL, so they compare and sort the same way. */
export interface CertificatesTable {
  certificate_id: string;
  student_name: string;
  reg_no: string;
  college: string;
  course_name: string;
  marks: string;
  issue_date: string;
  created_at: string;
  updated_at: string;
  /** The ID in capitals without separators: what a typed ID is matched by (engine/shared/certificateId.ts). */
  lookup_key: string;
  status: Generated<CertificateStatus>;
  revoked_at: string | null;
  revocation_reason: string | null;
  /** When the printed details were last changed after issue. */
  corrected_at: string | null;
  /** 1 for the demo certificates: shown everywhere as samples. */
  sample: Generated<number>;
  /** internship or course (migration 011); null: told by the programme, else by the course name. */
  kind: CertificateKind | null;
  /** The programme in data/ it was for (courseDetails id for a course, internshipPrograms id for an internship). */
  programme: string | null;
  start_date: string | null;
  end_date: string | null;
  duration_weeks: number | null;
  /** The certificate's own description and skills (a JSON list), where they differ from its programme's. */
  description: string | null;
  skills: string | null;
}

export type CertificateKind = 'internship' | 'course';

export type CertificateStatus = 'valid' | 'revoked';

/** Every change to a certificate, with its time: issued, corrected (which fields), revoked (why), reinstated. */
export interface CertificateEventsTable {
  id: Generated<number>;
  certificate_id: string;
  at: string;
  kind: 'issued' | 'corrected' | 'revoked' | 'reinstated';
  detail: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  full_name: string;
  registration_no: string;
  email: string;
  /** Lower-cased, trimmed e-mail: what uniqueness is checked on. */
  email_normalized: string;
  password_hash: string;
  created_at: string;
  /** The account's own referral code (see features/referrals/service.ts). */
  referral_code: string;
  /** When the owner of the address followed the confirmation link; null until then. */
  email_confirmed_at: string | null;
  /** The member whose referral link this account signed up with: credited once this account's e-mail is confirmed. */
  referred_by: number | null;
  /** When it signed up with a member's link; kept when that member's account is deleted (a chain stays a chain). */
  referred_at: string | null;
  /** For an account that came by a link, a keyed hash of the connection it signed up from, until its referrer is credited. */
  signup_client: string | null;
  /** The language the member reads the site in, and her mails are written in (en, hi). */
  language: Generated<Language>;
}

/** A link that confirms an account's e-mail: only the SHA-256 of its token, when it expires, and when it was used (once). */
export interface EmailConfirmationsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the session token: a stolen database cannot be replayed as cookies. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface SiteStateTable {
  key: string;
  value: string;
}

export type {
  ApplicationStatus,
  EnquiryKind,
  EnquiryStatus,
  NotSelectedReason,
  OrderKind,
  OrderStatus,
  SubjectKind,
} from '../../engine/generated/enquiryStatuses.ts';

/**
 * What a student sent us: an enrolment, a contact message or an application, about a subject (a course, an internship
 * role, a job role, an opening) or none; unlinked (user_id null) when its account is deleted, except applications,
 * which are deleted with it. Its status is one of its kind's (schemas/api/enquiryStatus.schema.json; the database
 * checks it).
 */
export interface EnquiriesTable {
  id: Generated<number>;
  kind: EnquiryKind;
  /** Made by the form for each enquiry: a second submit with the same key is the same enquiry. */
  idempotency_key: string;
  received_at: string;
  name: string;
  email: string;
  email_normalized: string;
  phone: string | null;
  subject_kind: SubjectKind | null;
  /** The subject's id in content: a course's id, a role's id (with programme_id), a job role's, an opening's. */
  subject_id: string | null;
  /** The subject's title when the enquiry came, so the record reads the same if the content changes. */
  subject_title: string | null;
  /** The internship programme whose seats an offer takes (the /enroll programmes), for applications to its roles. */
  programme_id: string | null;
  programme_title: string | null;
  message: string | null;
  user_id: number | null;
  /** When the acknowledgement mail went out; null when none was sent. */
  acknowledged_at: string | null;
  /** Where the enquiry stands (enquiry_events says who changed it and when). */
  status: EnquiryStatus;
  /** When the status last changed (when it came, at first). */
  status_at: string;
  /** Why an application was not selected. */
  reason: NotSelectedReason | null;
  /** An application's answers to its programme's questions, as JSON (question id → answer). */
  answers: string | null;
  year_of_study: number | null;
  resume_id: number | null;
  /** The certificate issued from this application once completed. */
  certificate_id: string | null;
}

/** A dated change on an enquiry: a status moved, a note for the team, what the student was told; by staff, the student or the site. */
export interface EnquiryEventsTable {
  id: Generated<number>;
  enquiry_id: number;
  at: string;
  /** A staff member's e-mail, 'student' or 'site'. */
  author: string;
  status_from: EnquiryStatus | null;
  status_to: EnquiryStatus | null;
  reason: NotSelectedReason | null;
  /** For the team only. */
  note: string | null;
  /** A message for the student, shown on her account (a mail tells her there is one, without its words). */
  to_student: string | null;
}

/** A PDF résumé a member uploaded for an application: in the database, so every instance has it, and never served as a page. */
export interface ResumesTable {
  id: Generated<number>;
  user_id: number;
  uploaded_at: string;
  bytes: number;
  sha256: string;
  content: Buffer;
}

/** An order to pay for a course, a short course or a gift to the campaign: its amount is content's, its status one of orderStatus.schema.json's. */
export interface OrdersTable {
  id: Generated<number>;
  /** The UPI link's transaction reference (tr), and what the payer and staff call it: ICO and 9 letters and digits. */
  reference: string;
  idempotency_key: string;
  kind: OrderKind;
  subject_id: string;
  subject_title: string;
  /** Rupees, as content set it when the order was made. */
  amount: number;
  status: OrderStatus;
  status_at: string;
  user_id: number | null;
  name: string;
  email: string;
  email_normalized: string;
  /** The donor's PAN, for an 80G receipt. */
  pan: string | null;
  /** The accepted application the order follows, for a course that asks for one. */
  application_id: number | null;
  /** The keyed hash of the client address it was made from: the cap on open orders per client. */
  client: string;
  created_at: string;
  expires_at: string;
  /** The 12-digit UTR the payer reported: at most one order per UTR. */
  utr: string | null;
  reported_at: string | null;
  /** Why the team refused a reported payment (the payer reads it, and may report again). */
  refusal: string | null;
  paid_at: string | null;
  /** The staff member who confirmed it, or the statement it was matched in. */
  confirmed_by: string | null;
  /** The receipt's place in the one gapless sequence, and its number as printed. */
  receipt_no: number | null;
  receipt_number: string | null;
  refunded_at: string | null;
  refund_note: string | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  at: string;
  /** A staff member's e-mail, 'payer', 'site', or 'statement'. */
  author: string;
  status_from: OrderStatus | null;
  status_to: OrderStatus | null;
  note: string | null;
}

/** Gapless sequences (receipt numbers): one row each, moved inside the transaction that uses the number. */
export interface CountersTable {
  name: string;
  value: number;
}

/** Seats each programme has offered (offers, joined, completed): taken by the transition that makes an offer, never past the content's seats. */
export interface ProgrammeSeatsTable {
  programme_id: string;
  taken: Generated<number>;
}

export type StaffRole = 'owner' | 'staff' | 'viewer';

/** An account that holds a staff role, with its second factor once set up. */
export interface StaffMembersTable {
  user_id: number;
  role: StaffRole;
  added_at: string;
  /** Who added it: a staff member's e-mail, or "command line". */
  added_by: string;
  /** The TOTP secret (base32); shown at each password sign-in until a code from it sets it up, never after. */
  totp_secret: string | null;
  totp_confirmed_at: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: number | null;
}

/** SHA-256 of a recovery code, each good once. */
export interface StaffRecoveryCodesTable {
  code_hash: string;
  user_id: number;
  used_at: string | null;
}

/** An invitation to the console: only the SHA-256 of its link's token (set when the mail is composed), single-use, expiring. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  role: StaffRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
  token_hash: string | null;
  used_at: string | null;
}

/** A console session (SHA-256 of its token), shorter than a member's; second_factor_at null until the code is given. */
export interface StaffSessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  second_factor_at: string | null;
}

/** Every staff action, appended only: who, when, from where (the client key) and what changed (JSON). */
export interface StaffAuditTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  detail: string | null;
  client: string;
}

/** One address asking for the newsletter: pending until the link in the confirmation mail is followed. Deleted on unsubscribe. */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  status: 'pending' | 'subscribed';
  requested_at: string;
  confirmed_at: string | null;
  /** SHA-256 of the confirmation token in the mail. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  /** The form's key for the last request, so a double submit sends one mail. */
  request_key: string | null;
}

/** A password reset link: only the SHA-256 of its token, when it expires, and when it was used (once). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A friend who signed up with a member's link: one row per friend, so each is credited once. */
export interface ReferralsTable {
  id: Generated<number>;
  referrer_id: number;
  /** The friend's account; null once the friend deletes it (the credit stays earned). */
  referred_user_id: number | null;
  credited_at: string;
  /** Rupees credited, as the reward stood that day. */
  reward: number;
  /** approved (to be paid), pending (held for review: the referrer earned many that day), refused, paid. */
  status: Generated<ReferralStatus>;
  decided_at: string | null;
  /** Who approved or refused it: a staff member's e-mail, or "automatic". */
  decided_by: string | null;
  paid_at: string | null;
  /** Keyed hashes (never the address) of the connections the friend signed up and confirmed from: what credits per connection are counted by. */
  signup_client: string | null;
  confirm_client: string | null;
  /** The payout file it was paid with, once someone marked that file paid. */
  payout_batch_id: number | null;
}

/** A payout file made in the console: the credits it lists are paid only when someone marks it paid. */
export interface PayoutBatchesTable {
  id: Generated<number>;
  made_at: string;
  /** The staff member's e-mail. */
  made_by: string;
  /** Credits and rupees in the file when it was made. */
  credits: number;
  rupees: number;
  paid_at: string | null;
  paid_by: string | null;
  /** What marking it paid moved (credits another file had paid first are not counted again). */
  paid_credits: number | null;
  paid_rupees: number | null;
}

export interface PayoutBatchCreditsTable {
  batch_id: number;
  referral_id: number;
}

export type ReferralStatus = 'approved' | 'pending' | 'refused' | 'paid';

/** A mailbox that has earned its referrer a credit, by a keyed hash of its canonical form: never again, even after the account goes. */
export interface ReferralMailboxesTable {
  mailbox_key: string;
  credited_at: string;
}

/** A mail to send: its kind and the facts it is made from (composed when sent, with the words of that moment). */
export interface MailJobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  created_at: string;
  next_attempt_at: string;
  attempts: Generated<number>;
  /** Claimed by one server instance until this time, so two never send the same mail. */
  claimed_until: string | null;
  /** The mail as first composed, so a retry sends the same one (its links included); cleared once it is sent or given up. */
  composed: string | null;
  sent_at: string | null;
  given_up_at: string | null;
  /** Why it was not sent (a cap, nothing to send, the mail server's refusal), for the record. */
  outcome: string | null;
}

/** Counts per client in windows that start with its first request, shared by every server instance: every limit and budget (server/limits/counts.ts). */
export interface LimitCountsTable {
  bucket: string;
  key: string;
  /** Milliseconds since 1970 at which this client's window started (its first request in it). */
  window_start: number;
  count: number;
}

export interface Database {
  certificates: CertificatesTable;
  certificate_events: CertificateEventsTable;
  limit_counts: LimitCountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  site_state: SiteStateTable;
  enquiries: EnquiriesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  password_resets: PasswordResetsTable;
  referrals: ReferralsTable;
  payout_batches: PayoutBatchesTable;
  payout_batch_credits: PayoutBatchCreditsTable;
  email_confirmations: EmailConfirmationsTable;
  referral_mailboxes: ReferralMailboxesTable;
  mail_jobs: MailJobsTable;
  enquiry_events: EnquiryEventsTable;
  resumes: ResumesTable;
  programme_seats: ProgrammeSeatsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  counters: CountersTable;
  staff_members: StaffMembersTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_invitations: StaffInvitationsTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
}
