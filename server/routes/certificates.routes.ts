import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatLongDate } from '../../engine/shared/dates.ts';
import type { SiteSettings, VerifyRequest } from '../../engine/types.ts';
import { pageUrl, signedCredential, statusUrl } from '../certificates/credential.ts';
import { certificatePdf, certificateQrSvg } from '../certificates/pdf.ts';
import type { CredentialSigner } from '../certificates/signingKey.ts';
import { toVerified, verifyIds } from '../certificates/verification.ts';
import type { Database } from '../db/schema.ts';
import type { StoredCertificate } from '../repositories/certificates.ts';
import { schemaRef } from '../schemas.ts';
import type { LookupBudget } from '../security/lookupBudget.ts';
import { notFoundMessage } from '../siteSettings.ts';

export interface CertificateRouteOptions {
  db: Kysely<Database>;
  settings: SiteSettings;
  signer: CredentialSigner;
  budget: LookupBudget;
  rateLimit: { max: number; timeWindow: string } | false;
}

/** "Please wait 3 minutes": the budget's wait in whole minutes, as the site's sentence says it. */
export function budgetMessage(settings: SiteSettings, retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return settings.ui.verify.tooManyMisses.replace('{wait}', minutes === 1 ? '1 minute' : `${minutes} minutes`);
}

/** A file name for downloads: the ID with anything but letters and digits as dashes. */
function fileName(certificateId: string, extension: string): string {
  return `certificate-${certificateId.replace(/[^A-Za-z0-9]+/g, '-')}.${extension}`;
}

/**
 * The certificate API: verify (the spec's call), and one certificate's PDF,
 * signed credential, status and QR code; the key credentials are signed with
 * at /.well-known/jwks.json. Every lookup that finds nothing is charged to the
 * client's budget (lookupBudget.ts); every answer about a certificate is
 * personal data, never stored by shared caches.
 */
export async function certificateRoutes(app: FastifyInstance, options: CertificateRouteOptions): Promise<void> {
  const { db, settings, budget } = options;
  const config = options.rateLimit ? { rateLimit: options.rateLimit } : {};

  /** One certificate for a GET by ?id=, or the answer already sent (not found, or the budget spent). */
  const one = async (request: FastifyRequest<{ Querystring: { id: string } }>, reply: FastifyReply): Promise<StoredCertificate | undefined> => {
    reply.header('cache-control', 'no-store');
    const result = await verifyIds(db, budget, request.ip, [request.query.id]);
    if (!result.ok) {
      reply.header('retry-after', String(Math.ceil(result.retryAfterMs / 1000)));
      await reply.code(429).send({ message: budgetMessage(settings, result.retryAfterMs) });
      return undefined;
    }
    const found = result.found[0]?.certificate;
    if (!found) await reply.code(404).send({ message: notFoundMessage(settings, request.query.id.trim()) });
    return found;
  };
  const byId = { querystring: schemaRef('api/certificateQuery.schema.json') };

  app.post<{ Body: VerifyRequest }>(
    '/api/certificates/verify',
    { schema: { body: schemaRef('api/verify.request.schema.json'), response: { 200: schemaRef('api/verify.response.schema.json') } }, config },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await verifyIds(db, budget, request.ip, request.body.certificateIDs);
      if (!result.ok) {
        reply.header('retry-after', String(Math.ceil(result.retryAfterMs / 1000)));
        return reply.code(429).send({ message: budgetMessage(settings, result.retryAfterMs) });
      }
      return result.found.map(({ certificate }) => toVerified(certificate, result.checkedAt));
    },
  );

  app.get<{ Querystring: { id: string } }>('/api/certificates/pdf', { schema: byId, config }, async (request, reply) => {
    const certificate = await one(request, reply);
    if (!certificate) return reply;
    const pdf = await certificatePdf(certificate, settings);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName(certificate.certificateID, 'pdf')}"`)
      .send(pdf);
  });

  // A revoked certificate gets no credential: one issued earlier shows its revocation at the status address it carries.
  app.get<{ Querystring: { id: string } }>('/api/certificates/credential', { schema: byId, config }, async (request, reply) => {
    const certificate = await one(request, reply);
    if (!certificate) return reply;
    if (certificate.status === 'revoked') return reply.code(410).send({ message: revokedMessage(settings, certificate) });
    const jwt = await signedCredential(certificate, settings, options.signer);
    return reply
      .type('application/jwt')
      .header('content-disposition', `attachment; filename="${fileName(certificate.certificateID, 'jwt')}"`)
      .send(jwt);
  });

  /** 1EdTech revocation list for one credential: empty while it stands, its entry once revoked. */
  app.get<{ Querystring: { id: string } }>('/api/certificates/status', { schema: byId, config }, async (request, reply) => {
    const certificate = await one(request, reply);
    if (!certificate) return reply;
    return {
      id: statusUrl(settings, certificate.certificateID),
      issuer: settings.siteUrl,
      revokedCredentials:
        certificate.status === 'revoked' ? [{ id: pageUrl(settings, certificate.certificateID), revocationReason: certificate.revocationReason ?? '' }] : [],
    };
  });

  app.get<{ Querystring: { id: string } }>('/api/certificates/qr.svg', { schema: byId, config }, async (request, reply) => {
    const certificate = await one(request, reply);
    if (!certificate) return reply;
    return reply.type('image/svg+xml').send(await certificateQrSvg(settings, certificate.certificateID));
  });

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return options.signer.jwks;
  });
}

export function revokedMessage(settings: SiteSettings, certificate: StoredCertificate): string {
  return settings.ui.verify.revoked
    .replace('{id}', certificate.certificateID)
    .replace('{date}', formatLongDate(certificate.revokedAt ?? ''))
    .replace('{reason}', certificate.revocationReason ?? '');
}
