import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';

/**
 * What a certificate says about its programme beyond its name, all optional
 * (certificates imported before keep working, and show what they have): its
 * kind (internship or course, which titles the certificate), the programme in
 * data/ it was for (its description and skills come from there), the dates it
 * ran and its length, and a description and skills of the certificate's own
 * where they differ from the programme's. Skills are kept as a JSON list.
 * The sample certificates a first start loaded get their programmes' facts, as
 * a new start loads them.
 */
const columns = [
  ['kind', 'text'],
  ['programme', 'text'],
  ['start_date', 'text'],
  ['end_date', 'text'],
  ['duration_weeks', 'integer'],
  ['description', 'text'],
  ['skills', 'text'],
] as const;

export function certificateProgramme() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [column, type] of columns) await db.schema.alterTable('certificates').addColumn(column, type).execute();
      const demo = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'demoCertificates.json'), 'utf8')) as Record<string, string>[];
      for (const c of demo) {
        await sql`update certificates set kind = ${c['kind'] ?? null}, programme = ${c['programme'] ?? null}, start_date = ${c['startDate'] ?? null},
          end_date = ${c['endDate'] ?? null} where sample = 1 and certificate_id = ${c['certificateID']}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [column] of [...columns].reverse()) await db.schema.alterTable('certificates').dropColumn(column).execute();
    },
  };
}
