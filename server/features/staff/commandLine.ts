import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '../../db/schema.ts';
import { siteLink } from '../../mail/mailer.ts';
import { newToken } from '../../security/tokens.ts';
import { findUserByEmail } from '../accounts/index.ts';
import { addStaffMember, appendAudit, createInvitation, listStaff, staffMember } from './repository.ts';
import { dismissStaff, INVITATION_HOURS } from './service.ts';

const COMMAND_LINE = 'command line';

/**
 * `npm run staff -- add EMAIL --role ROLE`: the role for the address's account, or, with no account, an invitation
 * whose link is answered here (to be passed on by hand: the command line sends no mail).
 */
export async function addStaffFromCommandLine(
  context: { db: Kysely<Database>; publicUrl: string },
  email: string,
  role: StaffRole,
): Promise<{ kind: 'added' | 'changed' } | { kind: 'invited'; link: string; hours: number }> {
  const { db } = context;
  const user = await findUserByEmail(db, email);
  if (user) {
    const kind = await addStaffMember(db, user.id, role, COMMAND_LINE);
    await appendAudit(db, {
      actor: COMMAND_LINE,
      action: kind === 'added' ? 'add staff' : 'change role',
      target: user.email,
      detail: { role },
      client: 'local',
    });
    return { kind };
  }
  const link = newToken();
  await createInvitation(db, { email, role, invitedBy: COMMAND_LINE, hours: INVITATION_HOURS, tokenHash: link.hash });
  await appendAudit(db, { actor: COMMAND_LINE, action: 'invite', target: email, detail: { role }, client: 'local' });
  return { kind: 'invited', link: `${siteLink(context.publicUrl, '/staff/')}#invitation=${link.token}`, hours: INVITATION_HOURS };
}

export async function removeStaffFromCommandLine(db: Kysely<Database>, email: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user || !(await staffMember(db, user.id))) return false;
  const invitationsVoided = await dismissStaff(db, user.id, user.email);
  await appendAudit(db, {
    actor: COMMAND_LINE,
    action: 'remove',
    target: user.email,
    ...(invitationsVoided ? { detail: { invitationsVoided } } : {}),
    client: 'local',
  });
  return true;
}

export async function staffList(db: Kysely<Database>) {
  return listStaff(db);
}
