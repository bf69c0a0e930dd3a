import { useUi } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { formatCheckedAt, formatLongDate } from '../shared/dates.ts';
import type { VerifiedCertificate } from '../types.ts';
import styles from './CertificateFacts.module.css';

/** The badge that says what a certificate is: verified, revoked or a sample. Never "verified" for a revoked one. */
export function CertificateBadge({ certificate }: { certificate: VerifiedCertificate }) {
  const ui = useUi().certificate;
  const kind = certificate.status === 'revoked' ? 'revoked' : certificate.sample ? 'sample' : 'valid';
  const words = { revoked: ui.revokedBadge, sample: ui.sampleBadge, valid: ui.verified }[kind];
  return (
    <p className={styles.badge} data-status={kind}>
      {words}
    </p>
  );
}

/** What is printed on the certificate, and what a verifier must know besides: revocation, samples, corrections, when it was checked. */
export function CertificateFacts({ certificate }: { certificate: VerifiedCertificate }) {
  const ui = useUi().certificate;
  return (
    <>
      {certificate.status === 'revoked' ? (
        <p className="alert alert--error" data-field="revocation">
          {fill(ui.revokedOn, { date: formatLongDate(certificate.revokedOn ?? ''), reason: certificate.revocationReason ?? '' })}
        </p>
      ) : null}
      {certificate.sample ? (
        <p className={styles.sample} data-field="sample">
          {ui.sampleNote}
        </p>
      ) : null}
      <dl className={styles.fields}>
        <div>
          <dt>{ui.certificateId}</dt>
          <dd data-field="certificateID">{certificate.certificateID}</dd>
        </div>
        <div>
          <dt>{ui.courseName}</dt>
          <dd data-field="courseName">{certificate.courseName}</dd>
        </div>
        <div>
          <dt>{ui.regNo}</dt>
          <dd data-field="regNo">{certificate.regNo}</dd>
        </div>
        <div>
          <dt>{ui.college}</dt>
          <dd data-field="college">{certificate.college}</dd>
        </div>
        <div>
          <dt>{ui.marks}</dt>
          <dd data-field="marks">{certificate.marks}</dd>
        </div>
        <div>
          <dt>{ui.issueDate}</dt>
          <dd data-field="issueDate">{formatLongDate(certificate.issueDate)}</dd>
        </div>
      </dl>
      {certificate.correctedOn ? <p className={styles.note}>{fill(ui.correctedOn, { date: formatLongDate(certificate.correctedOn) })}</p> : null}
      <p className={styles.note} data-field="checkedAt">
        {fill(ui.checkedAt, { time: formatCheckedAt(certificate.checkedAt) })}
      </p>
    </>
  );
}
