import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/routes.ts';
import { type PasswordCheck, rememberDevice } from '../accounts/index.ts';
import { acceptInvitation, audit, checkSecondFactor, checkStaffPassword, invitationOf } from './service.ts';
import { completeStaffSession, endStaffSession, staffOf, startStaffSession } from './session.ts';

/** Sign-in (password, then the authenticator code), sign-out, who is signed in, and following an invitation. */
export async function staffAuthRoutes(
  app: FastifyInstance,
  { sessionMinutes, passwords }: { sessionMinutes: number; passwords: PasswordCheck },
): Promise<void> {
  const words = app.site.ui.serverAnswers;

  handle(app, 'staffLogin', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { member, setup } = await checkStaffPassword(app, passwords, request, request.body.email, request.body.password);
    await startStaffSession(app, request, reply, member.id);
    return { message: words.staffPasswordAccepted, secondFactor: setup ? ('setup' as const) : ('code' as const), ...(setup ? { setup } : {}) };
  });

  handle(app, 'staffSecondFactor', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { recoveryCodes } = await checkSecondFactor(app, request, request.body.code);
    await completeStaffSession(app, request, reply, sessionMinutes);
    // This browser is now one of the account's devices: strangers' wrong passwords do not lock it out.
    rememberDevice(app, request, reply, staffOf(request).email);
    await audit(app, request, 'sign-in', null, recoveryCodes ? { secondFactor: 'set up' } : undefined);
    const { id, email, fullName, role } = staffOf(request);
    return { message: words.staffSignedIn, staff: { id, email, fullName, role }, ...(recoveryCodes ? { recoveryCodes } : {}) };
  });

  handle(app, 'staffMe', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { id, email, fullName, role } = staffOf(request);
    return { message: words.staffSignedIn, staff: { id, email, fullName, role } };
  });

  handle(app, 'staffLogout', async (request, reply) => {
    await endStaffSession(app, request, reply);
    return { message: words.staffSignedOut };
  });

  handle(app, 'staffInvitation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return invitationOf(app, request.body.token);
  });

  handle(app, 'staffAcceptInvitation', async (request) => {
    await acceptInvitation(app, passwords, request, request.body);
    return { message: words.staffInvitationAccepted };
  });
}
