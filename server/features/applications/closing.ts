import type { FastifyInstance } from 'fastify';
import type { ApplicationStatus } from '../../db/schema.ts';
import { deleteLooseResumes, moveApplication, untouchedSince } from './repository.ts';

const DAY = 24 * 3_600_000;
/** The statuses that wait on the team: an offer waits on the student, and is never closed by the site. */
const WAITING: readonly ApplicationStatus[] = ['applied', 'underReview', 'shortlisted', 'assignment', 'interview'];
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

/** How many applications the site will close within the next days, for the console's first screen. */
export async function closingSoon(app: FastifyInstance, withinDays: number, now = new Date()): Promise<number> {
  const days = app.site.accounts.applicationDecisionDays;
  const rows = await untouchedSince(app.db, new Date(now.getTime() - (days - withinDays) * DAY).toISOString(), WAITING, 10_000);
  return rows.length;
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
