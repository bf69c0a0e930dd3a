import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifyRequest } from '../../engine/types.ts';
import type { Database } from '../db/schema.ts';
import { findCertificates } from '../repositories/certificates.ts';
import { schemaRef } from '../schemas.ts';

export interface CertificateRouteOptions {
  db: Kysely<Database>;
  rateLimit: { max: number; timeWindow: string } | false;
}

/** POST /api/certificates/verify: the certificates found for up to 50 IDs, in the order asked. */
export async function certificateRoutes(app: FastifyInstance, options: CertificateRouteOptions): Promise<void> {
  app.post<{ Body: VerifyRequest }>(
    '/api/certificates/verify',
    {
      schema: { body: schemaRef('api/verify.request.schema.json'), response: { 200: schemaRef('api/verify.response.schema.json') } },
      config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    },
    async (request, reply) => {
      // IDs are trimmed and read without regard to case; each is looked up once.
      const ids = [...new Set(request.body.certificateIDs.map((id) => id.trim().toUpperCase()))];
      const certificates = await findCertificates(options.db, ids);
      // Personal data: never stored by shared caches.
      reply.header('cache-control', 'no-store');
      return certificates;
    },
  );
}
