import type { FastifyInstance } from 'fastify';
import type { LoginRequest, StaffAcceptInvitationRequest, StaffSecondFactorRequest } from '../../../engine/types.ts';
import { schemaRef } from '../../http/schemas.ts';
import { type PasswordCheck, rememberDevice } from '../accounts/index.ts';
import { acceptInvitation, audit, checkSecondFactor, checkStaffPassword } from './service.ts';
import { completeStaffSession, endStaffSession, staffOf, startStaffSession } from './session.ts';

/** Sign-in (password, then the authenticator code), sign-out, who is signed in, and following an invitation. */
export async function staffAuthRoutes(
  app: FastifyInstance,
  { sessionMinutes, passwords }: { sessionMinutes: number; passwords: PasswordCheck },
): Promise<void> {
  const words = app.site.ui.serverAnswers;
  const session = schemaRef('api/staff/session.response.schema.json');
  const message = schemaRef('api/message.response.schema.json');

  app.post<{ Body: LoginRequest }>(
    '/api/staff/login',
    {
      schema: { body: schemaRef('api/login.request.schema.json'), response: { 200: schemaRef('api/staff/signIn.response.schema.json') } },
      config: app.limits.route('staffLogin'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { member, setup } = await checkStaffPassword(app, passwords, request, request.body.email, request.body.password);
      await startStaffSession(app, request, reply, member.id);
      return { message: words.staffPasswordAccepted, secondFactor: setup ? 'setup' : 'code', ...(setup ? { setup } : {}) };
    },
  );

  app.post<{ Body: StaffSecondFactorRequest }>(
    '/api/staff/second-factor',
    {
      schema: { body: schemaRef('api/staff/secondFactor.request.schema.json'), response: { 200: session } },
      config: { staff: 'password', ...app.limits.route('staffLogin', 'staffLogin') },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { recoveryCodes } = await checkSecondFactor(app, request, request.body.code);
      await completeStaffSession(app, request, reply, sessionMinutes);
      // This browser is now one of the account's devices: strangers' wrong passwords do not lock it out.
      rememberDevice(app, request, reply, staffOf(request).email);
      await audit(app, request, 'sign-in', null, recoveryCodes ? { secondFactor: 'set up' } : undefined);
      const { id, email, fullName, role } = staffOf(request);
      return { message: words.staffSignedIn, staff: { id, email, fullName, role }, ...(recoveryCodes ? { recoveryCodes } : {}) };
    },
  );

  app.get('/api/staff/me', { schema: { response: { 200: session } }, config: { staff: 'viewer' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { id, email, fullName, role } = staffOf(request);
    return { message: words.staffSignedIn, staff: { id, email, fullName, role } };
  });

  app.post('/api/staff/logout', { schema: { response: { 200: message } } }, async (request, reply) => {
    await endStaffSession(app, request, reply);
    return { message: words.staffSignedOut };
  });

  app.post<{ Body: StaffAcceptInvitationRequest }>(
    '/api/staff/invitations/accept',
    { schema: { body: schemaRef('api/staff/acceptInvitation.request.schema.json'), response: { 200: message } }, config: app.limits.route('staffInvitation') },
    async (request) => {
      await acceptInvitation(app, passwords, request, request.body);
      return { message: words.staffInvitationAccepted };
    },
  );
}
