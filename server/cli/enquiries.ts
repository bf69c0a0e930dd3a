/**
 * npm run enquiries -- export [--kind enrolment|contact|newsletter] [--since DATE] [FILE.csv]
 *     the enquiries (and newsletter subscriptions) as CSV that Excel opens as written; to standard output without a FILE
 * npm run enquiries -- count [--kind …] [--since DATE]     how many there are
 * npm run enquiries -- erase EMAIL                         delete every enquiry and the newsletter subscription of an
 *                                                          address (a request to erase under the DPDP Act)
 * DATE is a day (2026-11-01, from midnight in India) or a time (2026-11-01T09:30:00Z). Uses DATABASE_URL (PostgreSQL)
 * when set, else the embedded database in .data/site.db (SQLITE_FILE). Unsubscribe links start with PUBLIC_URL, or the
 * site's address in data/site.json.
 */
import fs from 'node:fs';
import { linkSigner, UNSUBSCRIBE_PURPOSE } from '../accounts/tokens.ts';
import { toCsv } from '../csv.ts';
import { openDatabase } from '../db/database.ts';
import type { EnquiryKind } from '../db/schema.ts';
import { enquiryReference } from '../mail/messages.ts';
import { countEnquiries, enquiriesForExport, eraseEnquiries } from '../repositories/enquiries.ts';
import { countSubscriptions, subscriptionsForExport, unsubscribe } from '../repositories/newsletter.ts';
import { readSiteSettings } from '../siteSettings.ts';

const usage =
  'Usage: npm run enquiries -- export [--kind enrolment|contact|newsletter] [--since DATE] [FILE.csv] | count [--kind …] [--since DATE] | erase EMAIL';
const KINDS = ['enrolment', 'contact', 'newsletter'] as const;
type Kind = (typeof KINDS)[number];

function fail(message: string): number {
  console.error(message);
  return 1;
}

interface Parsed {
  command: string | undefined;
  kind?: Kind;
  since?: string;
  positional: string[];
  problem?: string;
}

/** A day is read from midnight in India (IST, UTC+5:30), where the team works. */
function sinceTime(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const time = new Date(`${value}T00:00:00+05:30`);
    return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
  }
  const time = new Date(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined;
}

function parseArguments(args: readonly string[]): Parsed {
  const [command, ...rest] = args;
  const parsed: Parsed = { command, positional: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--kind' || arg === '--since') {
      const value = rest[++i];
      if (value === undefined) return { ...parsed, problem: `${arg} needs a value.` };
      if (arg === '--kind') {
        if (!(KINDS as readonly string[]).includes(value)) return { ...parsed, problem: `--kind is one of ${KINDS.join(', ')}, not ${value}.` };
        parsed.kind = value as Kind;
      } else {
        const since = sinceTime(value);
        if (!since) return { ...parsed, problem: `--since takes a day such as 2026-11-01 or a time such as 2026-11-01T09:30:00Z, not ${value}.` };
        parsed.since = since;
      }
    } else if (arg.startsWith('--')) return { ...parsed, problem: `Unknown option ${arg}.` };
    else parsed.positional.push(arg);
  }
  return parsed;
}

/** Times as the team reads them in a spreadsheet: 2026-11-22 15:45 in India's time (Excel reads it as a date and time). */
const indianTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
function localTime(iso: string | null): string | null {
  return iso ? indianTime.format(new Date(iso)) : null;
}

const HEADER = [
  'reference',
  'kind',
  'received (IST)',
  'name',
  'email',
  'phone',
  'course id',
  'course',
  'message',
  'from an account',
  'acknowledgement e-mailed (IST)',
  'newsletter status',
  'unsubscribe link',
];

async function main(args: readonly string[]): Promise<number> {
  const parsed = parseArguments(args);
  if (parsed.problem) return fail(`${parsed.problem}\n${usage}`);
  const { command, kind, since, positional } = parsed;
  if (command !== 'export' && command !== 'count' && command !== 'erase') return fail(usage);
  if (command === 'erase' && positional.length !== 1) return fail(`erase needs one e-mail address.\n${usage}`);
  if (command !== 'export' && command !== 'erase' && positional.length) return fail(usage);
  if (command === 'export' && positional.length > 1) return fail(usage);

  const database = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], sqliteFile: process.env['SQLITE_FILE'] });
  try {
    const { db } = database;
    const enquiryKind: EnquiryKind | undefined = kind === 'newsletter' ? undefined : kind;
    const withEnquiries = kind !== 'newsletter';
    const withSubscriptions = kind === undefined || kind === 'newsletter';
    if (command === 'erase') {
      const email = positional[0]!;
      const enquiries = await eraseEnquiries(db, email);
      const subscribed = await unsubscribe(db, { email });
      console.log(`Erased ${enquiries} ${enquiries === 1 ? 'enquiry' : 'enquiries'}${subscribed ? ' and the newsletter subscription' : ''} of ${email}.`);
      return 0;
    }
    if (command === 'count') {
      const count =
        (withEnquiries ? await countEnquiries(db, { kind: enquiryKind, since }) : 0) + (withSubscriptions ? await countSubscriptions(db, since) : 0);
      console.log(String(count));
      return 0;
    }
    const rows: (string | number | null)[][] = [];
    if (withEnquiries) {
      for (const e of await enquiriesForExport(db, { kind: enquiryKind, since })) {
        rows.push([
          enquiryReference(e.id),
          e.kind,
          localTime(e.received_at),
          e.name,
          e.email,
          e.phone,
          e.course_id,
          e.course_title,
          e.message,
          e.user_id === null ? 'no' : 'yes',
          localTime(e.acknowledged_at),
          null,
          null,
        ]);
      }
    }
    if (withSubscriptions) {
      const settings = readSiteSettings(process.cwd());
      const signer = await linkSigner(db);
      const base = (process.env['PUBLIC_URL'] ?? settings.siteUrl).replace(/\/+$/, '');
      for (const s of await subscriptionsForExport(db, since)) {
        const token = signer.sign(UNSUBSCRIBE_PURPOSE, s.id);
        rows.push([
          null,
          'newsletter',
          localTime(s.requested_at),
          null,
          s.email,
          null,
          null,
          null,
          null,
          null,
          null,
          s.status,
          `${base}${encodeURI(settings.accounts.newsletterPage)}?unsubscribe=${token}`,
        ]);
      }
      // Enquiries and subscriptions in the order they came.
      rows.sort((a, b) => String(a[2]).localeCompare(String(b[2])));
    }
    const csv = toCsv(HEADER, rows);
    const file = positional[0];
    if (file) {
      fs.writeFileSync(file, csv);
      console.error(`Exported ${rows.length} ${rows.length === 1 ? 'row' : 'rows'} to ${file}.`);
    } else process.stdout.write(csv);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
