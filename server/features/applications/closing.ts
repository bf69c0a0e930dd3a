import type { FastifyInstance } from 'fastify';
import type { ApplicationStatus } from '../../db/schema.ts';
import { countUntouchedSince, deleteLooseResumes, moveApplication, untouchedSince, WAITING } from './repository.ts';

const DAY = 24 * 3_600_000;
/** At most this many closed a sweep, so a sweep is a short task however long the team was away. */
const BATCH = 200;

/**
 * Closes, kindly, the applications nobody has touched for the site's number of days (accounts.applicationDecisionDays):
 * not selected, for the reason "we could not decide in time", with the mail that says so. Nobody waits for ever, and a
 * closed application is a decision she can act on. Each move is conditional on the status it was read in, so two
 * instances sweeping at once close each application once. Résumés a form uploaded and never sent go after a day.
 */
export async function closeUntouched(app: FastifyInstance, now = new Date()): Promise<number> {
  const days = app.site.accounts.applicationDecisionDays;
  const rows = await untouchedSince(app.db, new Date(now.getTime() - days * DAY).toISOString(), WAITING, BATCH);
  let closed = 0;
  for (const row of rows) {
    const moved = await app.db.transaction().execute((trx) =>
      moveApplication(trx, {
        id: row.id,
        from: row.status as ApplicationStatus,
        to: 'notSelected',
        reason: 'notDecidedInTime',
        author: 'site',
        at: now.toISOString(),
      }),
    );
    if (!moved) continue;
    closed++;
    await app.mailQueue.enqueue('application', { id: row.id, event: 'notSelected' });
  }
  await deleteLooseResumes(app.db, new Date(now.getTime() - DAY).toISOString());
  return closed;
}

/**
 * The time before which an application waiting for the team and not moved since will be closed within the next days:
 * the board's "closing soon" list is those, and the console's first screen counts them.
 */
export function closingSoonBefore(app: FastifyInstance, withinDays: number, now = new Date()): string {
  return new Date(now.getTime() - (app.site.accounts.applicationDecisionDays - withinDays) * DAY).toISOString();
}

/**
 * How far ahead the console warns of applications the site will close kindly (the first screen's count and the board's
 * "closing soon" list): three days leaves a working weekend's margin to look at them.
 */
export const CLOSING_NOTICE_DAYS = 3;

/** How many applications the site will close within the next days, for the console's first screen (a count, not rows). */
export async function closingSoon(app: FastifyInstance, withinDays: number, now = new Date()): Promise<number> {
  return countUntouchedSince(app.db, closingSoonBefore(app, withinDays, now));
}

/** Sweeps every hour while the app runs (and once soon after it starts); a stop waits for a sweep under way. */
export function startClosing(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    running = closeUntouched(app).catch((error: unknown) => app.log.error({ err: error }, 'closing untouched applications failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, 3_600_000);
    timer.unref();
    first = setTimeout(sweep, 60_000);
    first.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (first) clearTimeout(first);
    await running;
  });
}
