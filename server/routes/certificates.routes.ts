import type { FastifyInstance } from 'fastify';
import type { VerifyRequest } from '../../engine/types.ts';
import type { CertificateLookup } from '../repositories/certificates.ts';
import { schemaRef } from '../schemas.ts';

export interface CertificateRouteOptions {
  lookup: CertificateLookup;
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
      const body = await options.lookup(ids);
      // Personal data: never stored by shared caches.
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
      // Already JSON, as text or bytes (see certificateLookup): sent as it is.
      return body;
    },
  );
}
