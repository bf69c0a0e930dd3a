/**
 * npm run staff -- add EMAIL --role owner|staff|viewer   the role for the account that uses EMAIL; with no account,
 *                                                        an invitation link (printed, valid 72 hours) to pass on
 * npm run staff -- list                                  everyone on the staff
 * npm run staff -- remove EMAIL                          off the staff, signed out everywhere
 * Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in .data/site.db (SQLITE_FILE). Links start with
 * PUBLIC_URL, or this machine's server on PORT (production requires PUBLIC_URL). Every change is written to the console's audit log.
 */
import { pathToFileURL } from 'node:url';
import { isAcceptableEmail } from '../../engine/shared/formRules.ts';
import type { StaffRole } from '../db/schema.ts';
import { addStaffFromCommandLine, removeStaffFromCommandLine, staffList } from '../features/staff/index.ts';
import { type Settings, settingsOrExit } from '../settings.ts';
import { type Io, openContext, processIo } from './context.ts';

const usage = 'Usage: npm run staff -- add EMAIL --role owner|staff|viewer | list | remove EMAIL';
const ROLES: readonly StaffRole[] = ['owner', 'staff', 'viewer'];

/** Runs one command; answers its exit code. */
export async function runStaff(args: readonly string[], settings: Settings, io: Io = processIo): Promise<number> {
  const fail = (message: string) => {
    io.err(`${message}\n`);
    return 1;
  };
  const [command, ...rest] = args;
  let role: StaffRole | undefined;
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--role') {
      const value = rest[++i];
      if (!value || !(ROLES as readonly string[]).includes(value))
        return fail(`--role is one of ${ROLES.join(', ')}${value ? `, not ${value}` : ''}.\n${usage}`);
      role = value as StaffRole;
    } else if (arg.startsWith('--')) return fail(`Unknown option ${arg}.\n${usage}`);
    else positional.push(arg);
  }
  if (command === 'add' && (positional.length !== 1 || !role)) return fail(`add needs one e-mail address and --role.\n${usage}`);
  if (command === 'remove' && positional.length !== 1) return fail(`remove needs one e-mail address.\n${usage}`);
  if (command === 'list' && positional.length) return fail(usage);
  if (command !== 'add' && command !== 'remove' && command !== 'list') return fail(usage);
  const email = positional[0] ?? '';
  if (command !== 'list' && !isAcceptableEmail(email)) return fail(`${email} is not an e-mail address.`);

  const context = await openContext(settings);
  try {
    if (command === 'list') {
      for (const m of await staffList(context.db)) {
        io.out(`${m.email}\t${m.role}\t${m.totp_confirmed_at ? 'authenticator set up' : 'authenticator not set up'}\tadded ${m.added_at} by ${m.added_by}\n`);
      }
      return 0;
    }
    if (command === 'remove') {
      if (!(await removeStaffFromCommandLine(context.db, email))) return fail(`${email} is not on the staff.`);
      io.out(`${email} is no longer on the staff, and is signed out everywhere.\n`);
      return 0;
    }
    const result = await addStaffFromCommandLine(context, email, role!);
    if (result.kind === 'invited') {
      io.out(
        `No account uses ${email}. Send them this invitation link (it works once, for ${result.hours} hours); they choose a password, then sign in at /staff and set up an authenticator app:\n${result.link}\n`,
      );
    } else
      io.out(
        `${email} is ${result.kind === 'added' ? 'now' : 'now instead'} ${role === 'owner' ? 'an' : 'a'} ${role} of the staff console. They sign in at /staff.\n`,
      );
    return 0;
  } finally {
    await context.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await runStaff(process.argv.slice(2), settingsOrExit());
