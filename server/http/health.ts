import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '../errors.ts';
import { handle } from './routes.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** For a proxy or an orchestrator: /healthz, the process answers; /readyz, and its database does too. */
export function healthRoutes(app: FastifyInstance): void {
  handle(app, 'health', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  handle(app, 'ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.database.unwritable()) return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    try {
      await sql`select 1`.execute(app.db);
      return reply.send({ status: 'ready' });
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}

/**
 * A change is refused before it is made when the database could not keep it (a
 * SQLite file deleted or replaced under the server): a false success would be
 * lost at the next start.
 */
export function refuseWritesWhenUnwritable(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) return;
    const why = app.database.unwritable();
    if (why) {
      request.log.error({ reason: why }, 'refusing a change: the database cannot keep it');
      throw new ApiError('DATABASE_UNAVAILABLE', {}, 60);
    }
  });
}
