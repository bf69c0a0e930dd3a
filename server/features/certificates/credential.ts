import { apiRoutes } from '../../../engine/shared/apiRoutes.ts';
import { certificatePagePath } from '../../../engine/shared/certificateId.ts';
import { fill } from '../../../engine/shared/fill.ts';
import type { SiteSettings } from '../../../engine/types.ts';
import type { StoredCertificate } from './repository.ts';
import type { ProgrammeFacts } from './service.ts';
import type { CredentialSigner } from './signingKey.ts';

/** Where a certificate's status can be checked later by whoever holds its credential. */
export function statusUrl(settings: SiteSettings, certificateId: string): string {
  return `${settings.siteUrl}${apiRoutes.certificateStatus.path}?id=${encodeURIComponent(certificateId)}`;
}

export function pageUrl(settings: SiteSettings, certificateId: string): string {
  return settings.siteUrl + certificatePagePath(certificateId);
}

/** A day of the programme as Open Badges' DateTime: its start in India. */
const indianMidnight = (day: string) => `${day}T00:00:00+05:30`;

/**
 * The certificate as an Open Badges 3.0 OpenBadgeCredential (W3C Verifiable
 * Credentials 2.0 data model): who issued it, to whom (by name, as printed),
 * for what (the achievement's description, criteria and the skills it stands
 * for, as alignments), with which result, when the programme ran, from when
 * it is valid, and where its status is kept.
 */
export function openBadgeCredential(certificate: StoredCertificate, settings: SiteSettings, facts: ProgrammeFacts): Record<string, unknown> {
  const words = settings.ui.credential;
  const page = pageUrl(settings, certificate.certificateID);
  const name = certificate.sample ? `${words.samplePrefix} ${certificate.courseName}` : certificate.courseName;
  const course = certificate.courseName;
  const description = certificate.sample ? words.sampleDescription : (facts.description ?? fill(words.description, { course }));
  const criteria = fill(facts.kind === 'internship' ? words.criteriaInternship : words.criteriaCourse, { course });
  const alignment = (facts.skills ?? []).map((skill) => ({
    type: ['Alignment'],
    targetType: 'ceasn:Competency',
    targetName: skill,
    targetUrl: `${page}#skills`,
  }));
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: page,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name,
    description,
    issuer: { id: settings.siteUrl, type: ['Profile'], name: settings.name, url: settings.siteUrl, email: settings.contact.email },
    validFrom: `${certificate.issueDate}T00:00:00Z`,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: certificate.studentName }],
      ...(facts.startDate ? { activityStartDate: indianMidnight(facts.startDate) } : {}),
      ...(facts.endDate ? { activityEndDate: indianMidnight(facts.endDate) } : {}),
      achievement: {
        id: `${page}#achievement`,
        type: ['Achievement'],
        achievementType: facts.kind === 'internship' ? 'ext:Internship' : 'Course',
        name,
        description,
        criteria: { id: page, narrative: criteria },
        ...(alignment.length ? { alignment } : {}),
        ...(facts.skills?.length ? { tag: facts.skills } : {}),
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
export async function signedCredential(
  certificate: StoredCertificate,
  settings: SiteSettings,
  signer: CredentialSigner,
  facts: ProgrammeFacts,
): Promise<string> {
  const credential = openBadgeCredential(certificate, settings, facts);
  return signer.sign({
    ...credential,
    iss: settings.siteUrl,
    jti: credential['id'],
    nbf: Math.floor(Date.parse(`${certificate.issueDate}T00:00:00Z`) / 1000),
  });
}
