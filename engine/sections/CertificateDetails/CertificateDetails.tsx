import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { isCertificateList, verifyCertificates } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import type { CertificateDetailsState } from '../../runtime/navigationState.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatLongDate } from '../../shared/dates.ts';
import type { Certificate, CertificateDetailsSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './CertificateDetails.module.css';

type View = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; certificates: Certificate[] };

function idsFrom(query: string | null): string[] {
  return (query ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * /details?ids=a,b: loading, then an error message or the certificates found
 * (spec sections 4 and 8). Results handed over by the verification form are
 * shown at once instead of being fetched a second time.
 */
export default function CertificateDetails({ id, title, back }: CertificateDetailsSection) {
  const ui = useUi().certificate;
  const Heading = useHeadingTag();
  const Sub = useSubheadingTag();
  const [params] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const [view, setView] = useState<View>({ status: 'loading' });
  const query = params.get('ids');

  useEffect(() => {
    if (!hydrated) return;
    const ids = idsFrom(query);
    if (ids.length === 0) {
      setView({ status: 'error', message: ui.noIds });
      return;
    }
    const handed = location.state as Partial<CertificateDetailsState> | null;
    if (handed?.ids?.join(',') === ids.join(',') && isCertificateList(handed.results) && handed.results.length > 0) {
      setView({ status: 'done', certificates: handed.results });
      return;
    }
    const controller = new AbortController();
    setView({ status: 'loading' });
    verifyCertificates(ids, { signal: controller.signal })
      .then((result) => {
        if (!isCertificateList(result) || result.length === 0) setView({ status: 'error', message: ui.none });
        else setView({ status: 'done', certificates: result });
      })
      .catch(() => {
        if (!controller.signal.aborted) setView({ status: 'error', message: ui.failed });
      });
    return () => controller.abort();
  }, [hydrated, query, location.state, ui]);

  return (
    <section id={id} className={`section ${styles.section}`} aria-busy={view.status === 'loading'}>
      <div className="container">
        <Heading>{title}</Heading>
        {view.status === 'loading' ? (
          <p className={styles.muted} role="status">
            {ui.loading}
          </p>
        ) : null}
        {view.status === 'error' ? (
          <p className="alert alert--error" role="alert">
            {view.message}
          </p>
        ) : null}
        {view.status === 'done' ? (
          <ul className={styles.list}>
            {view.certificates.map((certificate) => (
              <li key={certificate.certificateID} className={`card ${styles.card}`}>
                <p className={styles.badge}>{ui.verified}</p>
                <Sub className={styles.name}>{certificate.studentName}</Sub>
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
              </li>
            ))}
          </ul>
        ) : null}
        <p className={styles.back}>
          <ActionLink action={back} />
        </p>
      </div>
    </section>
  );
}
