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

export interface Database {
  certificates: CertificatesTable;
  users: UsersTable;
  sessions: SessionsTable;
  site_state: SiteStateTable;
}
