/**
 * npm run certificates -- import FILE.csv|FILE.json   load the certificates we issue (all rows or none)
 * npm run certificates -- export [FILE.csv|FILE.json]  write them all out (CSV to standard output by default)
 * npm run certificates -- count                         how many there are
 * Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in .data/site.db.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database.ts';
import { allCertificates, countCertificates, upsertCertificates } from '../repositories/certificates.ts';
import { readCertificateFile, toCsv } from './readCertificateFile.ts';

const [command, file] = process.argv.slice(2);
const usage = 'Usage: npm run certificates -- import FILE.csv|FILE.json | export [FILE.csv|FILE.json] | count';

async function main(): Promise<number> {
  if (command === 'import') {
    if (!file) return fail(`import needs a file.\n${usage}`);
    if (!fs.existsSync(file)) return fail(`There is no file ${file}.`);
    const { certificates, problems } = readCertificateFile(file, fs.readFileSync(file, 'utf8'));
    if (problems.length) {
      console.error(`${file}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}; nothing was imported.`);
      for (const p of problems.slice(0, 100)) console.error(`  line ${p.line}: ${p.message}`);
      if (problems.length > 100) console.error(`  … and ${problems.length - 100} more.`);
      return 1;
    }
    const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], sqliteFile: process.env['SQLITE_FILE'] });
    try {
      console.error(`Writing ${certificates.length} certificates to ${database.dialect} (${database.location}) in one transaction…`);
      let reported = 0;
      const result = await upsertCertificates(database.db, certificates, {
        onChunk: (written) => {
          if (written - reported >= 10_000) {
            reported = written;
            console.error(`  … ${written} of ${certificates.length}`);
          }
        },
      });
      console.log(
        `Imported ${certificates.length} certificates from ${path.basename(file)}: ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged.`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }
  if (command === 'export' || command === 'count') {
    const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], sqliteFile: process.env['SQLITE_FILE'] });
    try {
      if (command === 'count') {
        console.log(String(await countCertificates(database.db)));
        return 0;
      }
      const certificates = await allCertificates(database.db);
      const text = file?.toLowerCase().endsWith('.json') ? `${JSON.stringify(certificates, null, 2)}\n` : toCsv(certificates);
      if (file) {
        fs.writeFileSync(file, text);
        console.error(`Exported ${certificates.length} certificates to ${file}.`);
      } else process.stdout.write(text);
      return 0;
    } finally {
      await database.close();
    }
  }
  return fail(usage);
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

process.exitCode = await main();
