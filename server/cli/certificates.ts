/**
 * npm run certificates -- import FILE.csv|FILE.json   load the certificates we issue (all rows or none); rows may set status
 * npm run certificates -- export [FILE.csv|FILE.json]  write them all out (CSV to standard output by default)
 * npm run certificates -- count                         how many there are
 * npm run certificates -- revoke ID --reason "…"        revoke one; verifiers see the date and the reason
 * npm run certificates -- reinstate ID                  make a revoked certificate valid again
 * npm run certificates -- history ID                    every recorded change to one certificate, with its time
 * Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in .data/site.db. New IDs must match the
 * CERTIFICATE_ID_PATTERN setting (by default letters, year, slash, digits: IC25/123456).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CertificateRecord } from '../../engine/types.ts';
import { openDatabase } from '../db/database.ts';
import {
  allCertificates,
  certificateEvents,
  countCertificates,
  findCertificate,
  LookupKeyClashError,
  type StoredCertificate,
  setCertificateStatus,
  upsertCertificates,
} from '../repositories/certificates.ts';
import { DEFAULT_ID_PATTERN, readCertificateFile, toCsv } from './readCertificateFile.ts';

const args = process.argv.slice(2);
const [command, file] = args;
const usage =
  'Usage: npm run certificates -- import FILE.csv|FILE.json | export [FILE.csv|FILE.json] | count | revoke ID --reason "…" | reinstate ID | history ID';

function fail(message: string): number {
  console.error(message);
  return 1;
}

function openFromSettings() {
  return openDatabase({ databaseUrl: process.env['DATABASE_URL'], sqliteFile: process.env['SQLITE_FILE'] });
}

/** A stored certificate as an import row: what export writes, so a re-import changes nothing. */
function asRecord(c: StoredCertificate): CertificateRecord {
  const { certificateID, studentName, regNo, college, courseName, marks, issueDate } = c;
  return {
    certificateID,
    studentName,
    regNo,
    college,
    courseName,
    marks,
    issueDate,
    ...(c.status === 'revoked' ? { status: 'revoked', revocationReason: c.revocationReason ?? '' } : {}),
  };
}

async function importFile(): Promise<number> {
  if (!file) return fail(`import needs a file.\n${usage}`);
  if (!fs.existsSync(file)) return fail(`There is no file ${file}.`);
  const idPattern = process.env['CERTIFICATE_ID_PATTERN'] ?? DEFAULT_ID_PATTERN;
  const { certificates, problems } = readCertificateFile(file, fs.readFileSync(file, 'utf8'), idPattern);
  if (problems.length) {
    console.error(`${file}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}; nothing was imported.`);
    for (const p of problems.slice(0, 100)) console.error(`  line ${p.line}: ${p.message}`);
    if (problems.length > 100) console.error(`  … and ${problems.length - 100} more.`);
    return 1;
  }
  const database = await openFromSettings();
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
  } catch (error) {
    if (error instanceof LookupKeyClashError) return fail(`${file}: ${error.message}; nothing was imported.`);
    throw error;
  } finally {
    await database.close();
  }
}

async function changeStatus(): Promise<number> {
  const id = file;
  if (!id) return fail(`${command} needs a certificate ID.\n${usage}`);
  const reasonAt = args.indexOf('--reason');
  const reason = reasonAt >= 0 ? (args[reasonAt + 1] ?? '').trim() : '';
  if (command === 'revoke' && !reason) return fail('revoke needs --reason "…": verifiers are told why a certificate was revoked.');
  const database = await openFromSettings();
  try {
    const after = await setCertificateStatus(database.db, id, command === 'revoke' ? { status: 'revoked', reason } : { status: 'valid' });
    if (!after) return fail(`No certificate has the ID ${id}.`);
    console.log(
      after.status === 'revoked' ? `${after.certificateID} is revoked (${after.revokedAt}): ${after.revocationReason}` : `${after.certificateID} is valid.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function history(): Promise<number> {
  if (!file) return fail(`history needs a certificate ID.\n${usage}`);
  const database = await openFromSettings();
  try {
    const certificate = await findCertificate(database.db, file);
    if (!certificate) return fail(`No certificate has the ID ${file}.`);
    for (const event of await certificateEvents(database.db, certificate.certificateID))
      console.log(`${event.at}  ${event.kind}${event.detail ? `  ${event.detail}` : ''}`);
    return 0;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  if (command === 'import') return importFile();
  if (command === 'revoke' || command === 'reinstate') return changeStatus();
  if (command === 'history') return history();
  if (command === 'export' || command === 'count') {
    const database = await openFromSettings();
    try {
      if (command === 'count') {
        console.log(String(await countCertificates(database.db)));
        return 0;
      }
      const certificates = (await allCertificates(database.db)).map(asRecord);
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

process.exitCode = await main();
