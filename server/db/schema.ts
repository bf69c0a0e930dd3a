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

/** Counts in fixed windows shared by every server instance (windowCounts.ts): rate limits, wrong passwords per account. */
export interface LimitCountsTable {
  bucket: string;
  key: string;
  /** Milliseconds since 1970 at which the window starts. */
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
}
