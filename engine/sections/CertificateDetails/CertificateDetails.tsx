import { useEffect, useRef, useState } from 'react';
import { type ApiFailure, callApi, VERIFY_BATCH } from '../../api/client.ts';
import { useEntities, useUi } from '../../runtime/contexts.tsx';
import { useLocation, useSearchParams } from '../../runtime/location.ts';
import type { CertificateDetailsState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { readVerifyAnswer, type ShownCertificate } from '../../shared/certificateAnswer.ts';
import { certificateLookupKey } from '../../shared/certificateId.ts';
import type { CertificateDetailsSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { CertificateFacts, CertificateVerdict, verdictOf } from '../../ui/CertificateFacts.tsx';
import { NotFoundHelp } from '../../ui/NotFoundHelp.tsx';
import { useHeadingTag, useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFocusOnAnswer } from '../../ui/useFocusOnAnswer.ts';
import styles from './CertificateDetails.module.css';
import { certificateSummary } from './summary.ts';

/** One row per ID asked for: the certificate it found, or nothing found. */
type Row = { typed: string; certificate: ShownCertificate | undefined };
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

function rowsFor(ids: string[], found: ShownCertificate[]): Row[] {
  const byKey = new Map(found.map((c) => [certificateLookupKey(c.certificateID), c]));
  return ids.map((typed) => ({ typed, certificate: byKey.get(certificateLookupKey(typed)) }));
}

/**
 * Asks for the IDs ten at a time (the API's limit), in order, with no time limit (spec section 7): the certificates
 * found (none for an answer that is not a list: spec section 8), the failed call, or undefined for a list the page
 * cannot read as certificates.
 */
async function lookUp(ids: string[], signal: AbortSignal): Promise<ShownCertificate[] | ApiFailure | undefined> {
  const found: ShownCertificate[] = [];
  for (let start = 0; start < ids.length; start += VERIFY_BATCH) {
    const result = await callApi('verifyCertificates', { certificateIDs: ids.slice(start, start + VERIFY_BATCH) }, { signal });
    if (!result.ok) return result;
    if (!Array.isArray(result.data)) continue;
    const certificates = readVerifyAnswer(result.data);
    if (!certificates) return undefined;
    found.push(...certificates);
  }
  return found;
}

/**
 * /details?ids=a,b: loading, then a row for every ID asked for, found or not,
 * each certificate with its verdict and evidence and a link to its own page
 * (spec sections 4 and 8; the page-level messages stay for their cases). An
 * answer in the spec's shape (section 7) is read as well as this server's.
 * Results handed over by the verification form are shown at once instead of
 * being fetched a second time. The answer takes the focus when it comes.
 */
export default function CertificateDetails({ id, title, back, registrationIds }: CertificateDetailsSection) {
  const allUi = useUi();
  const ui = allUi.certificate;
  const registrations = useEntities('logos', registrationIds ?? []);
  const answerRef = useRef<HTMLDivElement>(null);
  const Heading = useHeadingTag();
  const Sub = useSubheadingTag();
  const SubSub = useHeadingTagBelow(2);
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
    const handedResults = handed?.ids?.join(',') === ids.join(',') ? readVerifyAnswer(handed.results) : undefined;
    if (handedResults && handedResults.length > 0) {
      setView({ status: 'done', rows: rowsFor(ids, handedResults) });
      return;
    }
    const controller = new AbortController();
    setView({ status: 'loading' });
    void lookUp(ids, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (Array.isArray(result)) setView({ status: 'done', rows: rowsFor(ids, result) });
      else setView({ status: 'error', message: ui.failed, reason: result?.message });
    });
    return () => controller.abort();
  }, [hydrated, query, location.state, ui]);

  const nothingFound = view.status === 'done' && view.rows.every((row) => !row.certificate);
  const missing = view.status === 'done' ? view.rows.filter((row) => !row.certificate).length : 0;
  useFocusOnAnswer(answerRef, view.status === 'loading' ? null : view);
  return (
    <section id={id} className={`section ${styles.section}`} aria-busy={view.status === 'loading'}>
      <div className="container">
        <Heading>{title}</Heading>
        {view.status === 'loading' ? (
          <p className={styles.muted} role="status">
            {ui.loading}
          </p>
        ) : null}
        <div ref={answerRef} tabIndex={-1} className={styles.answer}>
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
          {view.status === 'done' && !nothingFound ? (
            <p className={styles.summary} role="status" data-field="summary">
              {certificateSummary(
                ui,
                view.rows.map((row) => (row.certificate ? verdictOf(row.certificate) : 'notFound')),
              )}
            </p>
          ) : null}
        </div>
        {view.status === 'done' ? (
          <ul className={styles.list}>
            {view.rows.map(({ typed, certificate }) =>
              certificate ? (
                <li key={certificate.certificateID} className={`card ${styles.card}`} data-status={verdictOf(certificate)}>
                  <CertificateVerdict certificate={certificate} />
                  <Sub className={styles.name}>{certificate.studentName}</Sub>
                  <CertificateFacts certificate={certificate} registrations={registrations} Heading={SubSub} />
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
        {missing > 0 ? <NotFoundHelp /> : null}
        <p className={styles.back}>
          <ActionLink action={back} />
        </p>
      </div>
    </section>
  );
}
