import type { FastifyInstance } from 'fastify';
import { fill } from '../../../engine/shared/fill.ts';
import type { StaffReferralsDecideRequest } from '../../../engine/types.ts';
import { schemaRef } from '../../http/schemas.ts';
import { decideCredits, payoutFile, pendingWithSignals } from '../referrals/index.ts';
import { audit } from './service.ts';

/** Referral credits held for review, decided in bulk, and the payout: money, so owners only. */
export async function staffReferralsRoutes(app: FastifyInstance): Promise<void> {
  const words = app.site.ui.serverAnswers;
  const read = { staff: 'owner' as const, ...app.limits.route('staffRead', 'staffRead') };
  const write = { staff: 'owner' as const, ...app.limits.route('staffWrite', 'staffWrite') };

  app.get(
    '/api/staff/referrals',
    { schema: { response: { 200: schemaRef('api/staff/referrals.response.schema.json') } }, config: read },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { credits: await pendingWithSignals(app.db) };
    },
  );

  app.post<{ Body: StaffReferralsDecideRequest }>(
    '/api/staff/referrals/decide',
    {
      schema: { body: schemaRef('api/staff/referralsDecide.request.schema.json'), response: { 200: schemaRef('api/message.response.schema.json') } },
      config: write,
    },
    async (request) => {
      const decision = request.body.decision === 'approve' ? 'approved' : 'refused';
      const decided = await decideCredits(app.db, [...new Set(request.body.ids)], decision, request.staff!.email);
      if (decided.length) await audit(app, request, request.body.decision, `referral credits ${decided.join(', ')}`, { ids: decided });
      return { message: fill(words.referralsDecided, { count: decided.length }) };
    },
  );

  app.post(
    '/api/staff/referrals/payout',
    { schema: { response: { 200: schemaRef('api/staff/payout.response.schema.json') } }, config: write },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const file = await payoutFile(app.db);
      await audit(app, request, 'export', 'referral payout', { credits: file.count, rupees: file.rupees });
      return file;
    },
  );
}
