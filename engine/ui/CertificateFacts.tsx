import type { ElementType } from 'react';
import { useSite, useUi } from '../runtime/contexts.tsx';
import { fill, fillCount } from '../runtime/text.ts';
import type { ShownCertificate } from '../shared/certificateAnswer.ts';
import { formatCheckedAt, formatLongDate } from '../shared/dates.ts';
import type { Logo } from '../types.ts';
import styles from './CertificateFacts.module.css';
import { FilledText } from './filledText.tsx';
import { CheckCircleIcon, InfoIcon, XCircleIcon } from './icons.tsx';

export type CertificateVerdictKind = 'valid' | 'revoked' | 'sample';

/** Valid, revoked or a sample: never "valid" for a revoked one, never anything but "sample" for a sample. */
export function verdictOf(certificate: ShownCertificate): CertificateVerdictKind {
  return certificate.status === 'revoked' ? 'revoked' : certificate.sample ? 'sample' : 'valid';
}

/** The one line that says what a certificate is: valid (by whom, to whom, when), revoked on a day for a reason, or a sample. */
export function CertificateVerdict({ certificate }: { certificate: ShownCertificate }) {
  const ui = useUi().certificate;
  const { settings } = useSite();
  const kind = verdictOf(certificate);
  const text =
    kind === 'revoked'
      ? fill(ui.revokedOn, { date: formatLongDate(certificate.revokedOn ?? ''), reason: certificate.revocationReason ?? '' })
      : kind === 'sample'
        ? ui.sampleNote
        : fill(ui.verdictValid, { site: settings.name, name: certificate.studentName, date: formatLongDate(certificate.issueDate) });
  const Icon = kind === 'valid' ? CheckCircleIcon : kind === 'revoked' ? XCircleIcon : InfoIcon;
  return (
    <p className={styles.verdict} data-status={kind} data-field="verdict">
      <Icon className={styles.verdictIcon} width={24} height={24} />
      <span>{text}</span>
    </p>
  );
}

/**
 * The evidence under the verdict: what is printed on the certificate, the
 * programme (its kind, length and dates, what the holder did, the skills), the
 * issuer with its registrations linked to where each can be checked, and when
 * our register was checked, all in India's time and saying so. `anchors` gives
 * the skills their #skills address (the credential's alignments point there):
 * on a certificate's own page only, where there is one certificate.
 */
export function CertificateFacts({
  certificate,
  registrations = [],
  Heading,
  anchors = false,
}: {
  certificate: ShownCertificate;
  registrations?: Logo[];
  Heading: ElementType;
  anchors?: boolean;
}) {
  const ui = useUi().certificate;
  const layout = useUi().layout;
  const { settings } = useSite();
  const email = settings.contact.email;
  return (
    <>
      <dl className={styles.fields}>
        <div>
          <dt>{ui.certificateId}</dt>
          <dd data-field="certificateID">{certificate.certificateID}</dd>
        </div>
        <div>
          <dt>{ui.courseName}</dt>
          <dd data-field="courseName">{certificate.courseName}</dd>
        </div>
        {certificate.kind ? (
          <div>
            <dt>{ui.kind}</dt>
            <dd data-field="kind">{certificate.kind === 'internship' ? ui.kindInternship : ui.kindCourse}</dd>
          </div>
        ) : null}
        {certificate.durationWeeks ? (
          <div>
            <dt>{ui.duration}</dt>
            <dd data-field="duration">{fillCount(ui.weeks, certificate.durationWeeks)}</dd>
          </div>
        ) : null}
        {certificate.startDate && certificate.endDate ? (
          <div>
            <dt>{ui.dates}</dt>
            <dd data-field="dates">{fill(ui.dateRange, { start: formatLongDate(certificate.startDate), end: formatLongDate(certificate.endDate) })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{ui.marks}</dt>
          <dd data-field="marks">{certificate.marks}</dd>
        </div>
        <div>
          <dt>{ui.issueDate}</dt>
          <dd data-field="issueDate">{formatLongDate(certificate.issueDate)}</dd>
        </div>
        <div>
          <dt>{ui.regNo}</dt>
          <dd data-field="regNo">{certificate.regNo}</dd>
        </div>
        <div>
          <dt>{ui.college}</dt>
          <dd data-field="college">{certificate.college}</dd>
        </div>
      </dl>
      {certificate.description ? (
        <div className={styles.block}>
          <Heading className={styles.blockTitle}>{ui.whatTheyDid}</Heading>
          <p data-field="description" className={styles.description}>
            {certificate.description}
          </p>
        </div>
      ) : null}
      {certificate.skills?.length ? (
        <div className={styles.block}>
          <Heading className={styles.blockTitle} id={anchors ? 'skills' : undefined}>
            {ui.skills}
          </Heading>
          <ul className={styles.skills} data-field="skills">
            {certificate.skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.block}>
        <Heading className={styles.blockTitle}>{ui.issuer}</Heading>
        <p className={styles.issuerName} data-field="issuer">
          {settings.name}
        </p>
        <p className={styles.note}>
          <FilledText text={ui.issuerContact} name="email" node={<a href={`mailto:${email}`}>{email}</a>} />
        </p>
        {registrations.length ? (
          <>
            <p className={styles.registrationsTitle}>{ui.registrations}</p>
            <ul className={styles.registrations}>
              {registrations.map((logo) => (
                <li key={logo.id} data-registration={logo.id}>
                  <strong>{logo.name}</strong>
                  {logo.registration?.number ? <span>, {fill(ui.registrationNumber, { number: logo.registration.number })}</span> : null}
                  {logo.registration ? (
                    <>
                      {': '}
                      <a href={logo.registration.checkUrl} target="_blank" rel="noopener noreferrer">
                        {fill(ui.checkAt, { where: logo.registration.checkWhere })}
                        <span className="sr-only"> {layout.newTab}</span>
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {certificate.correctedOn ? <p className={styles.note}>{fill(ui.correctedOn, { date: formatLongDate(certificate.correctedOn) })}</p> : null}
      <p className={styles.note} data-field="checkedAt">
        {fill(ui.checkedAt, { time: formatCheckedAt(certificate.checkedAt) })}
      </p>
      <p className={styles.note} data-field="times">
        {ui.timesNote}
      </p>
    </>
  );
}
