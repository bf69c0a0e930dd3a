import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The staff console's certificate list, 50 a page: newest first; or, searched, those whose ID or name starts with
 * what was typed, in the order of the index that finds them (by ID, or by name), so a page reads 50 index entries
 * however many match (sorting 25,000 matches of a common name by date took 600 ms at a million certificates).
 */

function searched(db: Kysely<Database>, typed: string) {
  const query = db.selectFrom('certificates');
  // An ID starts with a few letters and then digits (IC25/…); it is matched as visitors' lookups are, by its key
  // (capitals, no separators). Anything else is the start of a name.
  if (/^[A-Za-z]{0,4}\d/.test(typed)) {
    const key = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return { query: query.where('lookup_key', '>=', key).where('lookup_key', '<', `${key}\uffff`), byId: true };
  }
  const name = typed.toLowerCase();
  return {
    query: query.where((eb) => eb.and([eb(eb.fn('lower', ['student_name']), '>=', name), eb(eb.fn('lower', ['student_name']), '<', `${name}\uffff`)])),
    byId: false,
  };
}

const COLUMNS = ['certificate_id', 'student_name', 'course_name', 'issue_date', 'status', 'sample', 'created_at'] as const;

/**
 * Matches of a name are counted up to this many: SQLite reads each match's row to count through an index on an
 * expression (25,000 namesakes took 290 ms at a million certificates), so past it the answer says "at least".
 */
export const NAME_COUNT_CAP = 1000;

/** A page of certificates whose ID or name starts with `typed`, and how many there are (for a name, up to NAME_COUNT_CAP: `atLeast`). */
export async function searchCertificates(db: Kysely<Database>, typed: string, offset: number, limit: number) {
  const { query, byId } = searched(db, typed.trim());
  const ordered = byId
    ? query.select(COLUMNS).orderBy('lookup_key')
    : query
        .select(COLUMNS)
        .orderBy((eb) => eb.fn('lower', ['student_name']))
        .orderBy('certificate_id');
  const counted = byId
    ? query.select((eb) => eb.fn.countAll<number | string>().as('n'))
    : db
        .selectFrom(
          query
            .select('certificate_id')
            .limit(NAME_COUNT_CAP + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('n'));
  const [rows, total] = await Promise.all([ordered.offset(offset).limit(limit).execute(), counted.executeTakeFirstOrThrow()]);
  const n = Number(total.n);
  return { rows, total: Math.min(n, NAME_COUNT_CAP), atLeast: n > NAME_COUNT_CAP };
}

/** A page of every certificate, newest first (its count is the caller's: counting a million rows takes longer than the page). */
export async function newestCertificates(db: Kysely<Database>, offset: number, limit: number) {
  return db.selectFrom('certificates').select(COLUMNS).orderBy('created_at', 'desc').orderBy('certificate_id', 'desc').offset(offset).limit(limit).execute();
}
