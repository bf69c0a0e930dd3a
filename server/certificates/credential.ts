import { certificatePagePath } from '../../engine/shared/certificateId.ts';
import type { SiteSettings } from '../../engine/types.ts';
import type { StoredCertificate } from '../repositories/certificates.ts';
import type { CredentialSigner } from './signingKey.ts';

/** Where a certificate's status can be checked later by whoever holds its credential. */
export function statusUrl(settings: SiteSettings, certificateId: string): string {
  return `${settings.siteUrl}/api/certificates/status?id=${encodeURIComponent(certificateId)}`;
}

export function pageUrl(settings: SiteSettings, certificateId: string): string {
  return settings.siteUrl + certificatePagePath(certificateId);
}

/**
 * The certificate as an Open Badges 3.0 OpenBadgeCredential (W3C Verifiable
 * Credentials 2.0 data model): who issued it, to whom (by name, as printed),
 * for what, with which result, from when, and where its status is kept.
 */
export function openBadgeCredential(certificate: StoredCertificate, settings: SiteSettings): Record<string, unknown> {
  const words = settings.ui.credential;
  const page = pageUrl(settings, certificate.certificateID);
  const name = certificate.sample ? `${words.samplePrefix} ${certificate.courseName}` : certificate.courseName;
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: page,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name,
    issuer: { id: settings.siteUrl, type: ['Profile'], name: settings.name, url: settings.siteUrl },
    validFrom: `${certificate.issueDate}T00:00:00Z`,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: certificate.studentName }],
      achievement: {
        id: `${page}#achievement`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name,
        description: certificate.sample ? words.sampleDescription : words.description.replace('{course}', certificate.courseName),
        criteria: { narrative: words.criteria.replace('{course}', certificate.courseName) },
      },
      result: [{ type: ['Result'], value: certificate.marks }],
    },
    credentialStatus: { id: statusUrl(settings, certificate.certificateID), type: '1EdTechRevocationList' },
  };
}

/**
 * The credential signed as a JWT (Open Badges 3.0, section 8.2): the payload is
 * the credential, with the registered claims iss (the issuer), jti (the
 * credential's id) and nbf (when it became valid).
 */
export async function signedCredential(certificate: StoredCertificate, settings: SiteSettings, signer: CredentialSigner): Promise<string> {
  const credential = openBadgeCredential(certificate, settings);
  return signer.sign({
    ...credential,
    iss: settings.siteUrl,
    jti: credential['id'],
    nbf: Math.floor(Date.parse(`${certificate.issueDate}T00:00:00Z`) / 1000),
  });
}
