import type { FastifyInstance } from 'fastify';
import { expiredBefore, moveOrder } from './repository.ts';

/** At most this many expired a sweep: a short task however long the server was down. */
const BATCH = 500;

/**
 * Orders awaiting payment past the site's hours (payments.orderHours) become expired, each by its own conditional
 * move (a payment reported or confirmed meanwhile wins), so they stop counting against the caps on open orders and
 * their UPI links stop being offered. A reported payment never expires: the team owes it an answer.
 */
export async function expireOrders(app: FastifyInstance, now = new Date()): Promise<number> {
  const at = now.toISOString();
  let expired = 0;
  for (const { id } of await expiredBefore(app.db, at, BATCH)) {
    const moved = await app.db.transaction().execute((trx) => moveOrder(trx, { id, from: ['awaitingPayment'], to: 'expired', author: 'site', at }));
    if (moved) expired++;
  }
  return expired;
}

/** Sweeps every 10 minutes while the app runs; a stop waits for a sweep under way. */
export function startExpiring(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = expireOrders(app).catch((error: unknown) => app.log.error({ err: error }, 'expiring orders failed'));
    }, 600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
