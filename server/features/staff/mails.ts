import type { FastifyInstance } from 'fastify';
import { siteLink } from '../../mail/mailer.ts';
import { newToken } from '../../security/tokens.ts';
import { sealInvitation } from './repository.ts';
import { INVITATION_HOURS } from './service.ts';

/**
 * The console's mail: an invitation, composed when the queue sends it. Its link's token is made then and only its
 * hash stored; the token rides in the address's fragment (#…), which browsers never send to a server or its logs.
 */
export function registerStaffMails(app: FastifyInstance): void {
  app.mailQueue.handle('staff-invitation', async (payload) => {
    const link = newToken();
    const invitation = await sealInvitation(app.db, Number(payload['invitationId']), link.hash);
    if (!invitation) return { skip: 'the invitation was sent, used, withdrawn or has expired' };
    const url = `${siteLink(app.publicUrl, '/staff/')}#invitation=${link.token}`;
    return { mail: app.mails.staffInvitation(invitation.email, { inviter: invitation.invited_by, role: invitation.role, link: url, hours: INVITATION_HOURS }) };
  });
}
