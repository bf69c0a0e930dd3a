import type { FastifyInstance } from 'fastify';
import { passwordCheck } from '../accounts/index.ts';
import type { Catalogue } from '../applications/index.ts';
import { staffApplicationsRoutes } from './applicationsRoutes.ts';
import { staffAuthRoutes } from './authRoutes.ts';
import { staffCertificatesRoutes } from './certificatesRoutes.ts';
import { staffInboxRoutes } from './inboxRoutes.ts';
import { registerStaffMails } from './mails.ts';
import { staffMembersRoutes } from './membersRoutes.ts';
import { staffPaymentsRoutes } from './paymentsRoutes.ts';
import { staffReferralsRoutes } from './referralsRoutes.ts';
import { staffGuard } from './session.ts';

/**
 * The staff console's API (registered by the app): every route under /api/staff/, each guarded by its config's
 * `staff` (session.ts), every action written to the audit log.
 */
export async function staffFeature(
  app: FastifyInstance,
  { sessionMinutes, idPattern, catalogue }: { sessionMinutes: number; idPattern: string; catalogue: () => Catalogue },
): Promise<void> {
  app.decorateRequest('staff', null);
  // After the route's allowance is counted and before the body is read or checked: a stranger learns nothing of a
  // route but that it needs a session.
  const guard = staffGuard(app);
  app.addHook('preParsing', async (request, _reply, payload) => {
    await guard(request);
    return payload;
  });
  registerStaffMails(app);
  await app.register(staffAuthRoutes, { sessionMinutes, passwords: await passwordCheck(app) });
  await app.register(staffMembersRoutes);
  await app.register(staffInboxRoutes);
  await app.register(staffCertificatesRoutes, { idPattern });
  await app.register(staffReferralsRoutes);
  await app.register(staffApplicationsRoutes, { catalogue, idPattern });
  await app.register(staffPaymentsRoutes);
}
