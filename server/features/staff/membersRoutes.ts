import type { FastifyInstance } from 'fastify';
import { fill } from '../../../engine/shared/fill.ts';
import { shownAsData } from '../../../engine/shared/plainText.ts';
import { toCsv } from '../../csv.ts';
import { handle } from '../../http/routes.ts';
import { PAGE_SIZE, pageOf } from './paging.ts';
import { auditAll, auditPage, listStaff, pendingInvitations } from './repository.ts';
import { audit, INVITATION_HOURS, inviteStaff, removeStaff, withdrawStaffInvitation } from './service.ts';

/** The staff list, invitations (sent, withdrawn) and removal, and the audit log: owners only. */
export async function staffMembersRoutes(app: FastifyInstance): Promise<void> {
  const words = app.site.ui.serverAnswers;

  handle(app, 'staffMembers', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const [rows, invitations] = await Promise.all([listStaff(app.db), pendingInvitations(app.db)]);
    return {
      members: rows.map((r) => ({
        id: r.id,
        email: r.email,
        fullName: r.full_name,
        role: r.role,
        addedAt: r.added_at,
        addedBy: r.added_by,
        secondFactor: r.totp_confirmed_at !== null,
      })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        invitedBy: i.invited_by,
        createdAt: i.created_at,
        expiresAt: i.expires_at,
      })),
    };
  });

  handle(app, 'staffInvite', async (request) => {
    const email = await inviteStaff(app, request, request.body.email, request.body.role);
    return { message: fill(words.staffInvited, { email, hours: INVITATION_HOURS }) };
  });

  handle(app, 'staffWithdrawInvitation', async (request) => {
    const email = await withdrawStaffInvitation(app, request, request.body.id);
    return { message: fill(words.staffInvitationWithdrawn, { email }) };
  });

  handle(app, 'staffRemove', async (request) => {
    const email = await removeStaff(app, request, request.body.userId);
    return { message: fill(words.staffRemoved, { email }) };
  });

  handle(app, 'staffAudit', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { page, offset } = pageOf(request.query);
    const { rows, total } = await auditPage(app.db, request.query, offset, PAGE_SIZE);
    return { total, page, pageSize: PAGE_SIZE, entries: rows };
  });

  handle(app, 'staffAuditExport', async (request, reply) => {
    const rows = await auditAll(app.db);
    await audit(app, request, 'export', 'audit log', { rows: rows.length });
    reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="staff-audit.csv"');
    // Each cell as data: whatever a stored text holds (a file's name, an address typed at the sign-in) stays in its
    // cell on its row, never a line or an entry of its own.
    const asData = (text: string | null) => (text === null ? null : shownAsData(text));
    return reply.send(
      toCsv(
        ['at', 'who', 'action', 'target', 'what changed', 'from'],
        rows.map((r) => [r.at, r.actor, r.action, r.target, r.detail, r.client].map(asData)),
      ),
    );
  });
}
