import type { FastifyInstance } from 'fastify';
import { formatIndianDate } from '../../../engine/shared/dates.ts';
import { LOCALES } from '../../../engine/shared/language.ts';
import { ApiError } from '../../errors.ts';
import { handle, type RouteRequest } from '../../http/routes.ts';
import { pageUrl, signedCredential, statusUrl } from './credential.ts';
import { certificateDesign } from './design.ts';
import { certificatePdf, certificateQrSvg } from './pdf.ts';
import { programmeCatalogue } from './programmes.ts';
import { oneCertificate, programmeFacts, toVerified, verifyIds } from './service.ts';
import { credentialSigner } from './signingKey.ts';

/** A file name for downloads: the ID with anything but letters and digits as dashes. */
function fileName(certificateId: string, extension: string): string {
  return `certificate-${certificateId.replace(/[^A-Za-z0-9]+/g, '-')}.${extension}`;
}

/**
 * The certificate API: verify (the spec's call), and one certificate's PDF,
 * signed credential, status and QR code; the key credentials are signed with
 * at /.well-known/jwks.json. Every lookup that finds nothing is charged to the
 * client's budget (service.ts); every answer about a certificate is personal
 * data, never stored by shared caches.
 */
export async function certificatesFeature(app: FastifyInstance, options: { signingKey?: string | undefined }): Promise<void> {
  const settings = app.site;
  const signer = await credentialSigner(app.db, options.signingKey);
  // The programmes and the printed design are content (data/), read once at start.
  const programmes = programmeCatalogue(app.root);
  const design = certificateDesign(app.root);
  const one = (request: RouteRequest<'certificatePdf' | 'certificateCredential' | 'certificateStatus' | 'certificateQr'>) =>
    oneCertificate(app, request, request.query.id);

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  handle(app, 'verifyCertificates', async (request) => {
    const result = await verifyIds(app, request, request.body.certificateIDs);
    return result.found.map(({ certificate }) => toVerified(certificate, result.checkedAt, programmes));
  });

  handle(app, 'certificatePdf', async (request, reply) => {
    const certificate = await one(request);
    // In the language of the page that links to it (?lang=hi): its words and dates; the facts are the same in both.
    const language = request.query.lang ?? 'en';
    const pdf = await certificatePdf(certificate, app.sites[language], programmeFacts(certificate, programmes), design, LOCALES[language]);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName(certificate.certificateID, 'pdf')}"`)
      .send(pdf);
  });

  // A revoked certificate gets no credential: one issued earlier shows its revocation at the status address it carries.
  handle(app, 'certificateCredential', async (request, reply) => {
    const certificate = await one(request);
    if (certificate.status === 'revoked') {
      throw new ApiError('CREDENTIAL_REVOKED', {
        id: certificate.certificateID,
        date: formatIndianDate(certificate.revokedAt ?? ''),
        reason: certificate.revocationReason ?? '',
      });
    }
    const jwt = await signedCredential(certificate, settings, signer, programmeFacts(certificate, programmes));
    return reply
      .type('application/jwt')
      .header('content-disposition', `attachment; filename="${fileName(certificate.certificateID, 'jwt')}"`)
      .send(jwt);
  });

  /** 1EdTech revocation list for one credential: empty while it stands, its entry once revoked. */
  handle(app, 'certificateStatus', async (request, reply) => {
    const certificate = await one(request);
    return reply.type('application/json; charset=utf-8').send({
      id: statusUrl(settings, certificate.certificateID),
      issuer: settings.siteUrl,
      revokedCredentials:
        certificate.status === 'revoked' ? [{ id: pageUrl(settings, certificate.certificateID), revocationReason: certificate.revocationReason ?? '' }] : [],
    });
  });

  handle(app, 'certificateQr', async (request, reply) => {
    const certificate = await one(request);
    return reply.type('image/svg+xml').send(await certificateQrSvg(settings, certificate.certificateID));
  });

  handle(app, 'signingKeys', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(signer.jwks));
}
