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
import { pathToFileURL } from 'node:url';
import { countEnquiries, EXPORT_KINDS, type ExportKind, enquiriesCsv, eraseEnquiries, sinceTime } from '../features/enquiries/index.ts';
import { countSubscriptions, unsubscribe } from '../features/newsletter/index.ts';
import { type Settings, settingsOrExit } from '../settings.ts';
import { type Io, openContext, processIo } from './context.ts';

const usage =
  'Usage: npm run enquiries -- export [--kind enrolment|contact|newsletter] [--since DATE] [FILE.csv] | count [--kind …] [--since DATE] | erase EMAIL';

interface Parsed {
  command: string | undefined;
  kind?: ExportKind;
  since?: string;
  positional: string[];
  problem?: string;
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
        if (!(EXPORT_KINDS as readonly string[]).includes(value)) return { ...parsed, problem: `--kind is one of ${EXPORT_KINDS.join(', ')}, not ${value}.` };
        parsed.kind = value as ExportKind;
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

/** Runs one command; answers its exit code. */
export async function runEnquiries(args: readonly string[], settings: Settings, io: Io = processIo): Promise<number> {
  const fail = (message: string) => {
    io.err(`${message}\n`);
    return 1;
  };
  const parsed = parseArguments(args);
  if (parsed.problem) return fail(`${parsed.problem}\n${usage}`);
  const { command, kind, since, positional } = parsed;
  if (command !== 'export' && command !== 'count' && command !== 'erase') return fail(usage);
  if (command === 'erase' && positional.length !== 1) return fail(`erase needs one e-mail address.\n${usage}`);
  if (command !== 'export' && command !== 'erase' && positional.length) return fail(usage);
  if (command === 'export' && positional.length > 1) return fail(usage);

  const context = await openContext(settings);
  try {
    const { db } = context;
    if (command === 'erase') {
      const email = positional[0]!;
      const enquiries = await eraseEnquiries(db, email);
      const subscribed = await unsubscribe(db, { email });
      io.out(`Erased ${enquiries} ${enquiries === 1 ? 'enquiry' : 'enquiries'}${subscribed ? ' and the newsletter subscription' : ''} of ${email}.\n`);
      return 0;
    }
    if (command === 'count') {
      const enquiries = kind === 'newsletter' ? 0 : await countEnquiries(db, { kind, since });
      const subscriptions = kind === undefined || kind === 'newsletter' ? await countSubscriptions(db, since) : 0;
      io.out(`${enquiries + subscriptions}\n`);
      return 0;
    }
    const { csv, rows } = await enquiriesCsv(context, { kind, since });
    const file = positional[0];
    if (file) {
      fs.writeFileSync(file, csv);
      io.err(`Exported ${rows} ${rows === 1 ? 'row' : 'rows'} to ${file}.\n`);
    } else io.out(csv);
    return 0;
  } finally {
    await context.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await runEnquiries(process.argv.slice(2), settingsOrExit());
