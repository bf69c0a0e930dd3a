import type { Kysely } from 'kysely';
import { ENQUIRY_STATUSES } from '../../../engine/generated/enquiryStatuses.ts';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';
import type { Database, EnquiriesTable, EnquiryKind, SubjectKind } from '../../db/schema.ts';

/** Enquiries are kept for a year after they arrive (the privacy policy says so), then deleted. */
export const ENQUIRY_RETENTION_DAYS = 365;
const DAY = 24 * 60 * 60 * 1000;

/** What an enquiry is about, as it was when it came. */
export interface Subject {
  kind: SubjectKind;
  id: string;
  title: string;
}

export interface NewEnquiry {
  kind: EnquiryKind;
  idempotencyKey: string;
  name: string;
  email: string;
  phone?: string | undefined;
  subject?: Subject | undefined;
  message?: string | undefined;
  userId: number | null;
}

export type StoredEnquiry = Pick<EnquiriesTable, 'kind' | 'received_at' | 'subject_kind' | 'subject_id' | 'subject_title' | 'acknowledged_at'> & {
  id: number;
};

export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super('idempotency key reused for another kind of enquiry');
    this.name = 'IdempotencyKeyReusedError';
  }
}

const SUMMARY = ['id', 'kind', 'received_at', 'subject_kind', 'subject_id', 'subject_title', 'acknowledged_at'] as const;

/**
 * Stores an enquiry once: a second request with the same idempotency key (a
 * double click, a retry after a lost answer) gets the first one back, with
 * `created` false, so nothing is stored or mailed twice. Enquiries past their
 * retention are deleted on the way.
 */
export async function recordEnquiry(db: Kysely<Database>, enquiry: NewEnquiry, now = new Date()): Promise<{ enquiry: StoredEnquiry; created: boolean }> {
  const inserted = await db
    .insertInto('enquiries')
    .values({
      kind: enquiry.kind,
      idempotency_key: enquiry.idempotencyKey,
      received_at: now.toISOString(),
      name: enquiry.name,
      email: enquiry.email,
      email_normalized: normaliseEmail(enquiry.email),
      phone: enquiry.phone ?? null,
      subject_kind: enquiry.subject?.kind ?? null,
      subject_id: enquiry.subject?.id ?? null,
      subject_title: enquiry.subject?.title ?? null,
      message: enquiry.message ?? null,
      user_id: enquiry.userId,
      // Every enquiry starts at its kind's first status.
      status: ENQUIRY_STATUSES[enquiry.kind][0],
      status_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(SUMMARY)
    .executeTakeFirst();
  if (inserted) {
    await db
      .deleteFrom('enquiries')
      .where('received_at', '<', new Date(now.getTime() - ENQUIRY_RETENTION_DAYS * DAY).toISOString())
      // Applications are kept while their account is (the account's deletion deletes them).
      .where('kind', '!=', 'application')
      .execute();
    return { enquiry: inserted, created: true };
  }
  const first = await db.selectFrom('enquiries').select(SUMMARY).where('idempotency_key', '=', enquiry.idempotencyKey).executeTakeFirstOrThrow();
  if (first.kind !== enquiry.kind) throw new IdempotencyKeyReusedError();
  return { enquiry: first, created: false };
}

export async function markAcknowledged(db: Kysely<Database>, id: number, at = new Date()): Promise<void> {
  await db.updateTable('enquiries').set({ acknowledged_at: at.toISOString() }).where('id', '=', id).execute();
}

/** A member's own enrolments and messages, newest first: what their account page lists (applications are listed apart). */
export async function enquiriesOfUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('enquiries')
    .select(['id', 'kind', 'received_at', 'subject_kind', 'subject_id', 'subject_title', 'name', 'email', 'phone', 'message', 'acknowledged_at'])
    .where('user_id', '=', userId)
    .where('kind', '!=', 'application')
    .$narrowType<{ kind: 'enrolment' | 'contact' }>()
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface EnquiryFilter {
  kind?: EnquiryKind | undefined;
  /** ISO date or time: only enquiries received at or after it. */
  since?: string | undefined;
}

export async function enquiriesForExport(db: Kysely<Database>, filter: EnquiryFilter = {}) {
  let query = db
    .selectFrom('enquiries')
    .select([
      'id',
      'kind',
      'received_at',
      'name',
      'email',
      'phone',
      'subject_kind',
      'subject_id',
      'subject_title',
      'message',
      'user_id',
      'acknowledged_at',
      'status',
    ]);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.since) query = query.where('received_at', '>=', filter.since);
  return query.orderBy('received_at').orderBy('id').execute();
}

export async function countEnquiries(db: Kysely<Database>, filter: EnquiryFilter = {}): Promise<number> {
  let query = db.selectFrom('enquiries').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.since) query = query.where('received_at', '>=', filter.since);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Deletes every enquiry sent with this address (a request to erase, under the DPDP Act). */
export async function eraseEnquiries(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db.deleteFrom('enquiries').where('email_normalized', '=', normaliseEmail(email)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One enrolment, for its acknowledgement mail. */
export async function enrolmentById(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('enquiries')
    .select(['id', 'email', 'subject_id', 'received_at', 'acknowledged_at'])
    .where('id', '=', id)
    .where('kind', '=', 'enrolment')
    .executeTakeFirst();
}
