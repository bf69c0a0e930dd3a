import type { FastifyInstance } from 'fastify';
import { fill } from '../../../engine/shared/fill.ts';
import { handle } from '../../http/routes.ts';
import { decideCredits, payoutFile, pendingWithSignals } from '../referrals/index.ts';
import { audit } from './service.ts';

/** Referral credits held for review, decided in bulk, and the payout: money, so owners only. */
export async function staffReferralsRoutes(app: FastifyInstance): Promise<void> {
  const words = app.site.ui.serverAnswers;

  handle(app, 'staffReferrals', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { credits: await pendingWithSignals(app.db) };
  });

  handle(app, 'staffReferralsDecide', async (request) => {
    const decision = request.body.decision === 'approve' ? 'approved' : 'refused';
    const decided = await decideCredits(app.db, [...new Set(request.body.ids)], decision, request.staff!.email);
    if (decided.length) await audit(app, request, request.body.decision, `referral credits ${decided.join(', ')}`, { ids: decided });
    return { message: fill(words.referralsDecided, { count: decided.length }) };
  });

  handle(app, 'staffReferralsPayout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const file = await payoutFile(app.db);
    await audit(app, request, 'export', 'referral payout', { credits: file.count, rupees: file.rupees });
    return file;
  });
}
