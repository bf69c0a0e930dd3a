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
import { pathToFileURL } from 'node:url';
import { firstRefused } from '../../engine/shared/plainText.ts';
import type { CertificateRecord } from '../../engine/types.ts';
import { openDatabase } from '../db/database.ts';
import {
  allCertificates,
  COMMAND_LINE_BYTES,
  COMMAND_LINE_ROWS,
  certificateEvents,
  certificatesCsv,
  countCertificates,
  findCertificate,
  LookupKeyClashError,
  printedFields,
  programmeCatalogue,
  readCertificateFile,
  type StoredCertificate,
  setCertificateStatus,
  upsertCertificates,
} from '../features/certificates/index.ts';
import { type Settings, settingsOrExit } from '../settings.ts';
import { type Io, processIo } from './context.ts';

const usage =
  'Usage: npm run certificates -- import FILE.csv|FILE.json | export [FILE.csv|FILE.json] | count | revoke ID --reason "…" | reinstate ID | history ID';

/** A stored certificate as an import row: what export writes, so a re-import changes nothing. */
function asRecord(c: StoredCertificate): CertificateRecord {
  return {
    ...printedFields(c),
    ...(c.status === 'revoked' ? { status: 'revoked', revocationReason: c.revocationReason ?? '' } : {}),
  };
}

/** Runs one command; answers its exit code. */
export async function runCertificates(args: readonly string[], settings: Settings, io: Io = processIo): Promise<number> {
  const [command, file] = args;
  const fail = (message: string) => {
    io.err(`${message}\n`);
    return 1;
  };
  const open = () => openDatabase({ databaseUrl: settings.databaseUrl, sqliteFile: settings.sqliteFile });

  const importFile = async (): Promise<number> => {
    if (!file) return fail(`import needs a file.\n${usage}`);
    if (!fs.existsSync(file)) return fail(`There is no file ${file}.`);
    const bytes = fs.statSync(file).size;
    if (bytes > COMMAND_LINE_BYTES)
      return fail(
        `${file} is ${Math.ceil(bytes / 1024 / 1024)} MB; a certificate file may be at most ${COMMAND_LINE_BYTES / 1024 / 1024} MB (a million certificates take about 150): import it in parts. Nothing was imported.`,
      );
    // A programme a row names must be one the site's content (data/) describes.
    const programmes = programmeCatalogue(process.cwd());
    const { certificates, problems } = readCertificateFile(file, fs.readFileSync(file, 'utf8'), settings.certificateIdPattern, programmes, {
      maxRows: COMMAND_LINE_ROWS,
    });
    if (problems.length) {
      io.err(`${file}: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}; nothing was imported.\n`);
      for (const p of problems.slice(0, 100)) io.err(`  line ${p.line}: ${p.message}\n`);
      if (problems.length > 100) io.err(`  … and ${problems.length - 100} more.\n`);
      return 1;
    }
    const database = await open();
    try {
      io.err(`Writing ${certificates.length} certificates to ${database.dialect} (${database.location}) in one transaction…\n`);
      let reported = 0;
      const result = await upsertCertificates(database.db, certificates, {
        onChunk: (written) => {
          if (written - reported >= 10_000) {
            reported = written;
            io.err(`  … ${written} of ${certificates.length}\n`);
          }
        },
      });
      io.out(
        `Imported ${certificates.length} certificates from ${path.basename(file)}: ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged.\n`,
      );
      return 0;
    } catch (error) {
      if (error instanceof LookupKeyClashError) return fail(`${file}: ${error.message}; nothing was imported.`);
      throw error;
    } finally {
      await database.close();
    }
  };

  const changeStatus = async (): Promise<number> => {
    const id = file;
    if (!id) return fail(`${command} needs a certificate ID.\n${usage}`);
    const reasonAt = args.indexOf('--reason');
    const reason = reasonAt >= 0 ? (args[reasonAt + 1] ?? '').trim() : '';
    if (command === 'revoke' && !reason) return fail('revoke needs --reason "…": verifiers are told why a certificate was revoked.');
    // The same rule as every text from outside (engine/shared/plainText.ts): verifiers read the reason as it is stored.
    const refused = firstRefused(reason);
    if (refused)
      return fail(`The reason holds ${refused.character} at character ${refused.position}, a control character or one that changes how text reads: remove it.`);
    const database = await open();
    try {
      const after = await setCertificateStatus(database.db, id, command === 'revoke' ? { status: 'revoked', reason } : { status: 'valid' });
      if (!after) return fail(`No certificate has the ID ${id}.`);
      io.out(
        `${after.status === 'revoked' ? `${after.certificateID} is revoked (${after.revokedAt}): ${after.revocationReason}` : `${after.certificateID} is valid.`}\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  };

  const history = async (): Promise<number> => {
    if (!file) return fail(`history needs a certificate ID.\n${usage}`);
    const database = await open();
    try {
      const certificate = await findCertificate(database.db, file);
      if (!certificate) return fail(`No certificate has the ID ${file}.`);
      for (const event of await certificateEvents(database.db, certificate.certificateID))
        io.out(`${event.at}  ${event.kind}${event.detail ? `  ${event.detail}` : ''}\n`);
      return 0;
    } finally {
      await database.close();
    }
  };

  if (command === 'import') return importFile();
  if (command === 'revoke' || command === 'reinstate') return changeStatus();
  if (command === 'history') return history();
  if (command === 'export' || command === 'count') {
    const database = await open();
    try {
      if (command === 'count') {
        io.out(`${await countCertificates(database.db)}\n`);
        return 0;
      }
      const certificates = (await allCertificates(database.db)).map(asRecord);
      const text = file?.toLowerCase().endsWith('.json') ? `${JSON.stringify(certificates, null, 2)}\n` : certificatesCsv(certificates);
      if (file) {
        fs.writeFileSync(file, text);
        io.err(`Exported ${certificates.length} certificates to ${file}.\n`);
      } else io.out(text);
      return 0;
    } finally {
      await database.close();
    }
  }
  return fail(usage);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await runCertificates(process.argv.slice(2), settingsOrExit());
