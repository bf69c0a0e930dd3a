import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_KINDS, ENQUIRY_STATUSES, NOT_SELECTED_REASONS, SUBJECT_KINDS } from '../../engine/generated/enquiryStatuses.ts';
import { migrate } from '../../server/db/database.ts';
import { FROZEN_LISTS } from '../../server/db/migrations/020_one_enquiry_model.ts';
import { backends } from '../support/databases.ts';

/** The last release's newest migration: a database it left is what this version's migrations must keep whole. */
const LAST_RELEASE = '013_staff';

describe.each(backends())('one model for what students send us, on $name', (backend) => {
  it("keeps every enquiry and note of the last release's database: courses become subjects, nothing is lost", async () => {
    const { handle, dispose } = await backend.open({ migrateTo: LAST_RELEASE });
    try {
      const db = handle.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
      await sql`insert into users (email, email_normalized, full_name, registration_no, password_hash, created_at, referral_code)
        values ('asha@example.com', 'asha@example.com', 'Asha', '', 'x', '2026-01-01T00:00:00.000Z', 'ABCDEFGH')`.execute(db);
      const rows = [
        ['enrolment', 'k1', 'Priya', 2, 'Revit', null, 'paid', 1],
        ['enrolment', 'k2', 'Ravi', 7, 'SCADA', null, 'new', null],
        ['contact', 'k3', 'आशा कुमारी', null, null, 'Is Revit taught in Hindi?', 'contacted', 1],
        ['contact', 'k4', 'Omar', null, null, 'Marked paid by mistake', 'paid', null],
      ] as const;
      for (const [kind, key, name, courseId, title, message, status, userId] of rows) {
        await sql`insert into enquiries (kind, idempotency_key, received_at, name, email, email_normalized, phone, course_id, course_title, message, user_id, status)
          values (${kind}, ${key}, '2026-10-01T06:30:00.000Z', ${name}, ${`${key}@example.com`}, ${`${key}@example.com`}, null, ${courseId}, ${title}, ${message}, ${userId}, ${status})`.execute(
          db,
        );
      }
      await sql`insert into enquiry_notes (enquiry_id, at, author, status_from, status_to, note)
        values (1, '2026-10-02T06:30:00.000Z', 'meera@example.com', 'new', 'paid', 'Paid by UPI')`.execute(db);

      await migrate(handle);

      const after = await sql<Record<string, unknown>>`select * from enquiries order by id`.execute(db);
      expect(
        after.rows.map((r) => [r['id'], r['kind'], r['name'], r['subject_kind'], r['subject_id'], r['subject_title'], r['message'], r['status'], r['user_id']]),
      ).toEqual([
        [1, 'enrolment', 'Priya', 'course', '2', 'Revit', null, 'paid', 1],
        [2, 'enrolment', 'Ravi', 'course', '7', 'SCADA', null, 'new', null],
        [3, 'contact', 'आशा कुमारी', null, null, null, 'Is Revit taught in Hindi?', 'contacted', 1],
        [4, 'contact', 'Omar', null, null, null, 'Marked paid by mistake', 'closed', null],
      ]);
      // When each status last changed: the note's time where one moved it, the arrival otherwise.
      expect(after.rows.map((r) => r['status_at'])).toEqual([
        '2026-10-02T06:30:00.000Z',
        '2026-10-01T06:30:00.000Z',
        '2026-10-01T06:30:00.000Z',
        '2026-10-01T06:30:00.000Z',
      ]);
      const events = await sql<Record<string, unknown>>`select enquiry_id, author, status_from, status_to, note from enquiry_events order by id`.execute(db);
      expect(events.rows).toEqual([
        { enquiry_id: 1, author: 'meera@example.com', status_from: 'new', status_to: 'paid', note: 'Paid by UPI' },
        { enquiry_id: 4, author: 'site', status_from: 'paid', status_to: 'closed', note: expect.stringContaining('Closed') },
      ]);
      // New rows continue after the copied ones, on both databases.
      const next = await sql<{ id: number }>`insert into enquiries (kind, idempotency_key, received_at, name, email, email_normalized, status, status_at)
        values ('contact', 'k5', '2026-11-01T00:00:00.000Z', 'New', 'n@example.com', 'n@example.com', 'new', '2026-11-01T00:00:00.000Z') returning id`.execute(
        db,
      );
      expect(next.rows[0]!.id).toBe(5);
      // Down again, for a return to the code before it: enrolments and messages as they were, courses by number.
      const { Migrator } = await import('kysely');
      const { migrations } = await import('../../server/db/database.ts');
      const down = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => migrations(handle.dialect) },
        allowUnorderedMigrations: true,
      }).migrateTo(LAST_RELEASE);
      expect(down.error).toBeUndefined();
      const back = await sql<Record<string, unknown>>`select id, kind, course_id, course_title, status from enquiries order by id`.execute(db);
      expect(back.rows.slice(0, 2)).toEqual([
        { id: 1, kind: 'enrolment', course_id: 2, course_title: 'Revit', status: 'paid' },
        { id: 2, kind: 'enrolment', course_id: 7, course_title: 'SCADA', status: 'new' },
      ]);
      await migrate(handle);
      // Deleting an account still unlinks its enrolments and messages.
      await sql`delete from users where id = 1`.execute(db);
      expect((await sql<{ n: number }>`select count(*) as n from enquiries where user_id is null`.execute(db)).rows[0]!.n).toEqual(
        backend.name === 'postgres' ? '5' : 5,
      );
    } finally {
      await dispose();
    }
  });

  it('lets each kind hold exactly its own statuses, as schemas/api/enquiryStatus.schema.json defines them', async () => {
    const { handle, dispose } = await backend.open();
    try {
      const db = handle.db;
      let n = 0;
      const insert = (kind: string, status: string) =>
        sql`insert into enquiries (kind, idempotency_key, received_at, name, email, email_normalized, status, status_at)
          values (${kind}, ${`key-${++n}`}, '2026-11-01T00:00:00.000Z', 'A', 'a@example.com', 'a@example.com', ${status}, '2026-11-01T00:00:00.000Z')`.execute(
          db,
        );
      const every = [...new Set(Object.values(ENQUIRY_STATUSES).flat()), 'lost'];
      for (const kind of ENQUIRY_KINDS) {
        for (const status of every) {
          const own = (ENQUIRY_STATUSES[kind] as readonly string[]).includes(status);
          const outcome = await insert(kind, status).then(
            () => 'kept',
            () => 'refused',
          );
          expect([kind, status, outcome]).toEqual([kind, status, own ? 'kept' : 'refused']);
        }
      }
      await expect(insert('complaint', 'new')).rejects.toThrow();
    } finally {
      await dispose();
    }
  });
});

describe('the statuses are defined once', () => {
  it("has the migration's frozen lists equal to the schema's (a change to the statuses needs a migration of its own)", () => {
    expect(FROZEN_LISTS).toEqual({
      kinds: [...ENQUIRY_KINDS],
      statuses: ENQUIRY_STATUSES,
      subjectKinds: [...SUBJECT_KINDS],
      reasons: [...NOT_SELECTED_REASONS],
    });
  });
});
