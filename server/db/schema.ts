import type { Generated } from 'kysely';

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
}

export type CertificateStatus = 'valid' | 'revoked';

/** Every change to a certificate, with its time: issued, corrected (which fields), revoked (why), reinstated. */
export interface CertificateEventsTable {
  id: Generated<number>;
  certificate_id: string;
  at: string;
  kind: 'issued' | 'corrected' | 'revoked' | 'reinstated';
  detail: string | null;
}

/** Lookups that found nothing, per client and ten-minute window (see lookupBudget.ts). */
export interface LookupMissesTable {
  client: string;
  window_start: string;
  misses: number;
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
  /** The account's own referral code (see repositories/referrals.ts). */
  referral_code: string;
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

export type EnquiryKind = 'enrolment' | 'contact';

/** An enrolment or contact enquiry from the site's forms; unlinked (user_id null) when its account is deleted. */
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
  course_id: number | null;
  /** The course's title when the enquiry came, so the record reads the same if the catalogue changes. */
  course_title: string | null;
  message: string | null;
  user_id: number | null;
  /** When the acknowledgement mail went out; null when none was sent. */
  acknowledged_at: string | null;
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
}

/** Counts per client in windows that start with its first request, shared by every server instance (windowCounts.ts). */
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
  lookup_misses: LookupMissesTable;
  limit_counts: LimitCountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  site_state: SiteStateTable;
  enquiries: EnquiriesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  password_resets: PasswordResetsTable;
  referrals: ReferralsTable;
}
