import type { FastifyInstance } from 'fastify';
import { fillCount } from '../../../engine/shared/fill.ts';
import { ApiError } from '../../errors.ts';
import { handle } from '../../http/routes.ts';
import { decideCredits, openBatches, payBatch, payoutFile, pendingWithSignals } from '../referrals/index.ts';
import { listStaff } from './repository.ts';
import { audit } from './service.ts';

/** Referral credits held for review, decided in bulk, and the payout: money, so owners only; who reviews, for everyone. */
export async function staffReferralsRoutes(app: FastifyInstance): Promise<void> {
  const words = app.site.ui.serverAnswers;
  const rupees = (n: number) => n.toLocaleString('en-IN');

  handle(app, 'staffReferrals', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const batches = (await openBatches(app.db)).map((b) => ({
      id: b.id,
      madeAt: b.made_at,
      madeBy: b.made_by,
      credits: b.credits,
      rupees: b.rupees,
      unpaidCredits: b.unpaid.credits,
      unpaidRupees: b.unpaid.rupees,
    }));
    return { credits: await pendingWithSignals(app.db), batches };
  });

  handle(app, 'staffReferralsDecide', async (request) => {
    const decision = request.body.decision === 'approve' ? 'approved' : 'refused';
    const decided = await decideCredits(app.db, [...new Set(request.body.ids)], decision, request.staff!.email);
    if (decided.length) await audit(app, request, request.body.decision, `referral credits ${decided.join(', ')}`, { ids: decided });
    return { message: fillCount(words.referralsDecided, decided.length) };
  });

  // The file is made and nothing is marked paid: a file that never reached the owner's disk leaves its credits owed.
  handle(app, 'staffReferralsPayout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const file = await payoutFile(app.db, request.staff!.email);
    if (file.batch !== null) await audit(app, request, 'payout file', `payout file ${file.batch}`, { credits: file.count, rupees: file.rupees });
    const message = file.batch === null ? words.payoutNothingOwed : fillCount(words.payoutMade, file.count, { batch: file.batch, rupees: rupees(file.rupees) });
    return { ...file, message };
  });

  handle(app, 'staffReferralsPayoutPaid', async (request) => {
    const { batch } = request.body;
    const result = await payBatch(app.db, batch, request.staff!.email);
    if (!result) throw new ApiError('PAYOUT_NOT_FOUND', { batch });
    if (result.already) throw new ApiError('PAYOUT_ALREADY_PAID', { batch, by: result.paidBy });
    const others = result.listed - result.paid;
    await audit(app, request, 'payout paid', `payout file ${batch}`, {
      credits: result.paid,
      rupees: result.rupees,
      ...(others ? { paidByAnotherFile: others } : {}),
    });
    const paid = fillCount(words.payoutPaid, result.paid, { batch, rupees: rupees(result.rupees) });
    return { message: others ? `${paid} ${fillCount(words.payoutPaidElsewhere, others)}` : paid };
  });

  handle(app, 'staffReferralsReviewers', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const owners = (await listStaff(app.db)).filter((m) => m.role === 'owner');
    return { owners: owners.map((o) => ({ name: o.full_name || o.email, email: o.email })) };
  });
}
