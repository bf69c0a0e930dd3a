import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * One home for what students send us (issue 34): enrolments, contact messages and applications are one table,
 * `enquiries`, each about a subject (a course, an internship role of a programme, a job role, an opening, or nothing)
 * instead of a course number, each kind with its own statuses, held by the database's check. The statuses are a copy
 * frozen here, as a migration must never change; schemas/api/enquiryStatus.schema.json is their definition, and
 * tests/api/enquiryModel.test.ts holds this check to it.
 *
 * Every enquiry and note is kept (copied with its own number), enrolments' courses become their subject, and a
 * contact message marked paid or enrolled (statuses that mean nothing for a message) is closed, with a line in its
 * history saying so. enquiry_notes becomes enquiry_events: the dated history of every change, with what the student
 * was told. Applications add their answers, year of study, résumé and the certificate they led to; résumés are kept in
 * the database (so every instance behind the proxy has them), never in a folder the server serves; and each
 * programme's offered seats are counted in one row, by the same transition that makes an offer.
 */
const KINDS = ['enrolment', 'contact', 'application'];
const STATUSES: Record<string, string[]> = {
  enrolment: ['new', 'contacted', 'paid', 'enrolled', 'closed'],
  contact: ['new', 'contacted', 'closed'],
  application: ['applied', 'underReview', 'shortlisted', 'assignment', 'interview', 'offer', 'joined', 'completed', 'notSelected', 'withdrawn'],
};
const SUBJECT_KINDS = ['course', 'internship', 'job', 'opening'];
const REASONS = ['notEligible', 'seatsFilled', 'skillsMismatch', 'noResponse', 'notDecidedInTime'];

/** The lists as this migration froze them (tests/api/enquiryModel.test.ts holds them to the schema's). */
export const FROZEN_LISTS = { kinds: KINDS, statuses: STATUSES, subjectKinds: SUBJECT_KINDS, reasons: REASONS };

const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');
const statusCheck = KINDS.map((kind) => `(kind = '${kind}' and status in (${list(STATUSES[kind]!)}))`).join(' or ');

export function oneEnquiryModel(dialect: Dialect) {
  const withId = (builder: CreateTableBuilder<string, never>) =>
    dialect === 'postgres'
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  /** After rows were copied with their own numbers, PostgreSQL's counter continues after the highest. */
  const continueIds = async (db: Kysely<unknown>, table: string) => {
    if (dialect !== 'postgres') return;
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  };
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('resumes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('content', blob, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('resumes_user').on('resumes').columns(['user_id', 'uploaded_at']).execute();

      await withId(db.schema.createTable('enquiries_v2'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw(`kind in (${list(KINDS)})`)))
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('subject_kind', 'text', (c) => c.check(sql.raw(`subject_kind in (${list(SUBJECT_KINDS)})`)))
        .addColumn('subject_id', 'text')
        .addColumn('subject_title', 'text')
        .addColumn('programme_id', 'text')
        .addColumn('programme_title', 'text')
        .addColumn('message', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('acknowledged_at', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('status_at', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.check(sql.raw(`reason in (${list(REASONS)})`)))
        .addColumn('answers', 'text')
        .addColumn('year_of_study', 'integer')
        .addColumn('resume_id', 'integer', (c) => c.references('resumes.id').onDelete('set null'))
        .addColumn('certificate_id', 'text')
        .addCheckConstraint('enquiries_status_of_kind', sql.raw(statusCheck))
        .addCheckConstraint('enquiries_subject_whole', sql`(subject_kind is null) = (subject_id is null)`)
        .execute();
      await sql`
        insert into enquiries_v2 (id, kind, idempotency_key, received_at, name, email, email_normalized, phone,
          subject_kind, subject_id, subject_title, message, user_id, acknowledged_at, status, status_at)
        select id, kind, idempotency_key, received_at, name, email, email_normalized, phone,
          case when course_id is null then null else 'course' end,
          case when course_id is null then null else cast(course_id as text) end,
          course_title, message, user_id, acknowledged_at,
          case when kind = 'contact' and status in ('paid', 'enrolled') then 'closed' else status end,
          coalesce((select max(n.at) from enquiry_notes n where n.enquiry_id = enquiries.id and n.status_to is not null), received_at)
        from enquiries`.execute(db);
      await continueIds(db, 'enquiries_v2');

      await withId(db.schema.createTable('enquiry_events'))
        .addColumn('enquiry_id', 'integer', (c) => c.notNull().references('enquiries_v2.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('status_from', 'text')
        .addColumn('status_to', 'text')
        .addColumn('reason', 'text')
        .addColumn('note', 'text')
        .addColumn('to_student', 'text')
        .execute();
      await sql`
        insert into enquiry_events (id, enquiry_id, at, author, status_from, status_to, note)
        select id, enquiry_id, at, author, status_from, status_to, note from enquiry_notes`.execute(db);
      await continueIds(db, 'enquiry_events');
      await sql`
        insert into enquiry_events (enquiry_id, at, author, status_from, status_to, note)
        select id, ${new Date().toISOString()}, 'site', status, 'closed', 'Closed when contact messages lost the statuses paid and enrolled.'
        from enquiries where kind = 'contact' and status in ('paid', 'enrolled')`.execute(db);

      await db.schema.dropTable('enquiry_notes').execute();
      await db.schema.dropTable('enquiries').execute();
      await db.schema.alterTable('enquiries_v2').renameTo('enquiries').execute();

      await db.schema.createIndex('enquiry_events_enquiry').on('enquiry_events').columns(['enquiry_id', 'at']).execute();
      await db.schema.createIndex('enquiries_received_at').on('enquiries').column('received_at').execute();
      await db.schema.createIndex('enquiries_user').on('enquiries').columns(['user_id', 'received_at']).execute();
      await db.schema.createIndex('enquiries_email').on('enquiries').column('email_normalized').execute();
      await db.schema.createIndex('enquiries_status').on('enquiries').columns(['status', 'received_at']).execute();
      await db.schema.createIndex('enquiries_kind').on('enquiries').columns(['kind', 'received_at']).execute();
      await db.schema.createIndex('enquiries_subject').on('enquiries').columns(['subject_kind', 'subject_id', 'kind', 'received_at']).execute();
      await db.schema.createIndex('enquiries_programme').on('enquiries').columns(['programme_id', 'kind', 'status', 'received_at']).execute();
      // An application nobody has moved for days is found by when its status last changed.
      await db.schema.createIndex('enquiries_status_at').on('enquiries').columns(['kind', 'status', 'status_at']).execute();
      await sql`create index enquiries_name on enquiries (lower(name))`.execute(db);
      // One application per member per role: a second attempt finds the first.
      await sql`create unique index enquiries_one_application on enquiries (user_id, subject_kind, subject_id) where kind = 'application'`.execute(db);

      await db.schema
        .createTable('programme_seats')
        .addColumn('programme_id', 'text', (c) => c.primaryKey())
        .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0).check(sql`taken >= 0`))
        .execute();
    },
    /**
     * Back to the course-shaped model: enrolments and messages with their notes as they were (a course subject becomes
     * its course number again). Applications, their résumés and the seats have no place in it and are dropped: a
     * return to the code before applications loses them, as that code could not show them.
     */
    async down(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('enquiries_v1'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('course_id', 'integer')
        .addColumn('course_title', 'text')
        .addColumn('message', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('acknowledged_at', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .execute();
      await sql`
        insert into enquiries_v1 (id, kind, idempotency_key, received_at, name, email, email_normalized, phone, course_id, course_title, message, user_id, acknowledged_at, status)
        select id, kind, idempotency_key, received_at, name, email, email_normalized, phone,
          case when subject_kind = 'course' then cast(subject_id as integer) else null end,
          case when subject_kind = 'course' then subject_title else null end,
          message, user_id, acknowledged_at, status
        from enquiries where kind <> 'application'`.execute(db);
      await continueIds(db, 'enquiries_v1');
      await withId(db.schema.createTable('enquiry_notes'))
        .addColumn('enquiry_id', 'integer', (c) => c.notNull().references('enquiries_v1.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('status_from', 'text')
        .addColumn('status_to', 'text')
        .addColumn('note', 'text')
        .execute();
      await sql`
        insert into enquiry_notes (id, enquiry_id, at, author, status_from, status_to, note)
        select e.id, e.enquiry_id, e.at, e.author, e.status_from, e.status_to, e.note
        from enquiry_events e join enquiries q on q.id = e.enquiry_id where q.kind <> 'application'`.execute(db);
      await continueIds(db, 'enquiry_notes');
      await db.schema.dropTable('enquiry_events').execute();
      await db.schema.dropTable('enquiries').execute();
      await db.schema.dropTable('resumes').execute();
      await db.schema.dropTable('programme_seats').execute();
      await db.schema.alterTable('enquiries_v1').renameTo('enquiries').execute();
      await db.schema.createIndex('enquiry_notes_enquiry').on('enquiry_notes').columns(['enquiry_id', 'at']).execute();
      await db.schema.createIndex('enquiries_received_at').on('enquiries').column('received_at').execute();
      await db.schema.createIndex('enquiries_user').on('enquiries').column('user_id').execute();
      await db.schema.createIndex('enquiries_email').on('enquiries').column('email_normalized').execute();
      await db.schema.createIndex('enquiries_status').on('enquiries').columns(['status', 'received_at']).execute();
      await db.schema.createIndex('enquiries_kind').on('enquiries').columns(['kind', 'received_at']).execute();
      await db.schema.createIndex('enquiries_course').on('enquiries').columns(['course_id', 'kind', 'received_at']).execute();
      await sql`create index enquiries_name on enquiries (lower(name))`.execute(db);
    },
  };
}
