import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { certificateLookupKey } from '../../engine/shared/certificateId.ts';
import { openDatabase } from '../../server/db/database.ts';

export function benchCertificateId(i: number): string {
  return `BN24/${String(i).padStart(7, '0')}`;
}

/**
 * An embedded database holding `count` certificates, made once and kept under
 * .cache/bench (a million rows take a while to write). The schema comes from
 * the real migrations; the rows are written straight through SQLite because
 * loading them is set-up, not what is measured.
 */
export async function certificateDatabase(cacheDir: string, count: number): Promise<string> {
  // v2: rows carry lookup_key (verification finds certificates by it); files made before it are not reused.
  const file = path.join(cacheDir, `certificates-v2-${count}.db`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  const handle = await openDatabase({ sqliteFile: partial });
  await handle.close();
  const sqlite = new BetterSqlite3(partial);
  const insert = sqlite.prepare(
    'INSERT INTO certificates (certificate_id, lookup_key, student_name, reg_no, college, course_name, marks, issue_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const now = new Date().toISOString();
  const colleges = ['NIT Patna', 'IIT Delhi', 'Anna University', 'Jadavpur University', 'Christ University'];
  const courses = ['Web Development Internship', 'Corporate Law Internship', 'Data Science Internship', 'Digital Marketing Internship'];
  const writeAll = sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      insert.run(
        benchCertificateId(i),
        certificateLookupKey(benchCertificateId(i)),
        `Student ${i}`,
        `REG${i}`,
        colleges[i % colleges.length],
        courses[i % courses.length],
        `${60 + (i % 40)}%`,
        '2024-06-30',
        now,
        now,
      );
    }
  });
  writeAll();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  for (const suffix of ['-wal', '-shm']) fs.rmSync(partial + suffix, { force: true });
  fs.renameSync(partial, file);
  return file;
}
