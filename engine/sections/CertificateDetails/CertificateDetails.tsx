import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ApiError, isCertificateList, VERIFY_BATCH, verifyCertificates } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import type { CertificateDetailsState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { certificateLookupKey } from '../../shared/certificateId.ts';
import type { CertificateDetailsSection, VerifiedCertificate } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { CertificateBadge, CertificateFacts } from '../../ui/CertificateFacts.tsx';
import { useHeadingTag, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './CertificateDetails.module.css';

/** One row per ID asked for: the certificate it found, or nothing found. */
type Row = { typed: string; certificate: VerifiedCertificate | undefined };
type View = { status: 'loading' } | { status: 'error'; message: string; reason?: string | undefined } | { status: 'done'; rows: Row[] };

/** The IDs of ?ids=, trimmed, each once however it was typed (IC25/1 and ic25-1 are one ID). */
function idsFrom(query: string | null): string[] {
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const typed of (query ?? '').split(',').map((id) => id.trim())) {
    if (!typed) continue;
    const key = certificateLookupKey(typed) ?? typed;
    if (seen.has(key)) continue;
    seen.add(key);
    ids.push(typed);
  }
  return ids;
}

function rowsFor(ids: string[], found: VerifiedCertificate[]): Row[] {
  const byKey = new Map(found.map((c) => [certificateLookupKey(c.certificateID), c]));
  return ids.map((typed) => ({ typed, certificate: byKey.get(certificateLookupKey(typed)) }));
}

/** Asks for the IDs ten at a time (the API's limit), in order. */
async function lookUp(ids: string[], signal: AbortSignal): Promise<unknown[]> {
  const found: unknown[] = [];
  for (let start = 0; start < ids.length; start += VERIFY_BATCH) {
    const result = await verifyCertificates(ids.slice(start, start + VERIFY_BATCH), { signal });
    if (!Array.isArray(result)) return [];
    found.push(...result);
  }
  return found;
}

/**
 * /details?ids=a,b: loading, then a row for every ID asked for, found or not,
 * each certificate linking to its own page (spec sections 4 and 8; the
 * page-level messages stay for their cases). Results handed over by the
 * verification form are shown at once instead of being fetched a second time.
 */
export default function CertificateDetails({ id, title, back }: CertificateDetailsSection) {
  const allUi = useUi();
  const ui = allUi.certificate;
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
      setView({ status: 'done', rows: rowsFor(ids, handed.results) });
      return;
    }
    const controller = new AbortController();
    setView({ status: 'loading' });
    lookUp(ids, controller.signal)
      .then((result) => setView({ status: 'done', rows: rowsFor(ids, isCertificateList(result) ? result : []) }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setView({ status: 'error', message: ui.failed, reason: failure instanceof ApiError ? failure.serverMessage : undefined });
      });
    return () => controller.abort();
  }, [hydrated, query, location.state, ui]);

  const nothingFound = view.status === 'done' && view.rows.every((row) => !row.certificate);
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
          <div className="alert alert--error" role="alert">
            <p className={styles.message}>{view.message}</p>
            {view.reason ? <p className={styles.message}>{view.reason}</p> : null}
          </div>
        ) : null}
        {nothingFound ? (
          <p className="alert alert--error" role="alert">
            {ui.none}
          </p>
        ) : null}
        {view.status === 'done' ? (
          <ul className={styles.list}>
            {view.rows.map(({ typed, certificate }) =>
              certificate ? (
                <li
                  key={certificate.certificateID}
                  className={`card ${styles.card}`}
                  data-status={certificate.status === 'revoked' ? 'revoked' : certificate.sample ? 'sample' : 'valid'}
                >
                  <CertificateBadge certificate={certificate} />
                  <Sub className={styles.name}>{certificate.studentName}</Sub>
                  <CertificateFacts certificate={certificate} />
                  <p className={styles.open}>
                    <SmartLink href={certificate.page}>
                      {ui.open}
                      <span className="sr-only">: {certificate.certificateID}</span>
                    </SmartLink>
                  </p>
                </li>
              ) : (
                <li key={`missing:${typed}`} className={styles.missing} data-missing={typed}>
                  {fill(allUi.verify.notFound, { id: typed })}
                </li>
              ),
            )}
          </ul>
        ) : null}
        <p className={styles.back}>
          <ActionLink action={back} />
        </p>
      </div>
    </section>
  );
}
