import { useEffect, useId, useRef, useState } from 'react';
import { callApi, fileUrl } from '../../api/client.ts';
import { useEntities, usePageContext, useSite } from '../../runtime/contexts.tsx';
import { useLocation } from '../../runtime/location.ts';
import { usePreloaded } from '../../runtime/preloaded.tsx';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { readAnsweredCertificate, readVerifyAnswer, type ShownCertificate } from '../../shared/certificateAnswer.ts';
import { certificateIdFromPath, certificateLookupKey } from '../../shared/certificateId.ts';
import { formatLongDate } from '../../shared/dates.ts';
import type { CertificateSection } from '../../types.ts';
import { CertificateFacts, CertificateVerdict, verdictOf } from '../../ui/CertificateFacts.tsx';
import { FilledText } from '../../ui/filledText.tsx';
import { NotFoundHelp } from '../../ui/NotFoundHelp.tsx';
import { useHeadingTag, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useClipboard } from '../../ui/useClipboard.ts';
import { useFocusOnAnswer } from '../../ui/useFocusOnAnswer.ts';
import styles from './Certificate.module.css';

type View =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; certificate: ShownCertificate }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/**
 * LinkedIn's add-to-profile link, filled with the certificate's name, its issue
 * month, its page and its ID, and our organisation: by its LinkedIn ID when
 * data/site.json has one (the profile then shows our logo and links to our
 * page), else by name.
 */
export function linkedInUrl(certificate: ShownCertificate, organization: { name: string; linkedInId?: string | undefined }, pageUrl: string): string {
  const [year, month] = certificate.issueDate.split('-');
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseName,
    ...(organization.linkedInId ? { organizationId: organization.linkedInId } : { organizationName: organization.name }),
    issueYear: year ?? '',
    issueMonth: String(Number(month)),
    certUrl: pageUrl,
    certId: certificate.certificateID,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** The head of this address: its title and description, for the tab and for link previews (React hoists them into <head>). */
function Head({ title, description, url }: { title: string; description: string; url: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image:alt" content={title} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

/** The page's own certificate: from the server's render when it came with one, else asked for (`asked`). */
function useCertificate(typed: string | undefined): { view: View; asked: boolean } {
  const preloaded = usePreloaded().certificate;
  const given = preloaded && typed !== undefined && certificateLookupKey(preloaded.typed) === certificateLookupKey(typed) ? preloaded : undefined;
  const givenFound = given?.found ? readAnsweredCertificate(given.found, new Date()) : undefined;
  const initial: View =
    typed === undefined
      ? { status: 'none' }
      : given
        ? given.message
          ? { status: 'error', message: given.message }
          : givenFound
            ? { status: 'found', certificate: givenFound }
            : { status: 'missing' }
        : { status: 'loading' };
  const [view, setView] = useState<View>(initial);
  const hydrated = useHydrated();
  const failed = useSite().settings.ui.certificate.failed;
  useEffect(() => {
    if (!hydrated || typed === undefined || given) return;
    const controller = new AbortController();
    setView({ status: 'loading' });
    void callApi('verifyCertificates', { certificateIDs: [typed] }, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (!result.ok) return setView({ status: 'error', message: result.message || failed });
      const certificates = readVerifyAnswer(result.data);
      if (!certificates) return setView({ status: 'error', message: failed });
      const certificate = certificates[0];
      setView(certificate ? { status: 'found', certificate } : { status: 'missing' });
    });
    return () => controller.abort();
  }, [hydrated, typed, given, failed]);
  return { view, asked: typed !== undefined && !given };
}

/**
 * A certificate's own page (/certificate/IC25/123456): first one line that
 * says whether it stands (valid, revoked on a day for a reason, or a sample),
 * then the evidence, then what its holder can do with it. The server renders
 * it with the certificate, so it reads (and previews) without script; buttons
 * that need script appear once the page is live. Sharing is offered for a
 * valid certificate only.
 */
export default function Certificate({ id, title, verifyPage, registrationIds }: CertificateSection) {
  const site = useSite();
  const { settings } = site;
  const ui = settings.ui.certificatePage;
  const page = usePageContext();
  const location = useLocation();
  const typed = certificateIdFromPath(location.pathname, page.path);
  const { view, asked } = useCertificate(typed);
  const registrations = useEntities('logos', registrationIds ?? []);
  const Heading = useHeadingTag();
  const Sub = useSubheadingTag();
  const hydrated = useHydrated();
  const actionsId = useId();
  const answerRef = useRef<HTMLDivElement>(null);
  const { state: copied, copy } = useClipboard();
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function'), []);
  // An answer asked for in the browser (not rendered with the page) takes the focus when it comes, found or not.
  useFocusOnAnswer(answerRef, !asked || view.status === 'loading' ? null : view);

  if (view.status !== 'found') {
    const message =
      view.status === 'none'
        ? ui.noId
        : view.status === 'loading'
          ? ui.loading
          : view.status === 'missing'
            ? fill(settings.ui.verify.notFound, { id: typed ?? '' })
            : view.message;
    return (
      <section id={id} className={`section ${styles.section}`} aria-busy={view.status === 'loading'}>
        <Head title={page.title} description={view.status === 'missing' ? message : page.description} url={settings.siteUrl + location.pathname} />
        <div className="container">
          <Heading>{title}</Heading>
          <div ref={answerRef} tabIndex={-1}>
            <p className={view.status === 'loading' ? styles.muted : 'alert alert--error'} role={view.status === 'loading' ? 'status' : 'alert'}>
              {message}
            </p>
            {view.status === 'missing' ? <NotFoundHelp /> : null}
          </div>
          <p className={styles.again}>
            <SmartLink href={verifyPage} className="button">
              {settings.ui.verify.button}
            </SmartLink>
          </p>
        </div>
      </section>
    );
  }

  const { certificate } = view;
  const verdict = verdictOf(certificate);
  const pageUrl = settings.siteUrl + certificate.page;
  const shareText = fill(ui.shareText, { name: certificate.studentName, course: certificate.courseName, site: settings.name });
  const previewTitle = fill(ui.previewTitle, { name: certificate.studentName, course: certificate.courseName, site: settings.name });
  const previewDescription = fill(ui.previewDescription, { id: certificate.certificateID, site: settings.name, date: formatLongDate(certificate.issueDate) });
  const revoked = verdict === 'revoked';
  const shareable = verdict === 'valid';
  const keys = fileUrl('signingKeys');

  const share = () => navigator.share({ title: previewTitle, text: shareText, url: pageUrl }).catch(() => undefined);

  return (
    <section id={id} className={`section ${styles.section}`} data-status={verdict} data-print-alone>
      <Head title={previewTitle} description={previewDescription} url={pageUrl} />
      <div className="container">
        <article className={`card ${styles.certificate}`}>
          <div ref={answerRef} tabIndex={-1}>
            <CertificateVerdict certificate={certificate} />
          </div>
          <div className={styles.head}>
            <div>
              <p className={styles.label}>{ui.awardedTo}</p>
              <Heading className={styles.name}>{certificate.studentName}</Heading>
              <p className={styles.issuer}>
                {ui.issuedBy} <strong>{settings.name}</strong>
              </p>
            </div>
            <img className={styles.qr} src={fileUrl('certificateQr', { id: certificate.certificateID })} alt={ui.qrAlt} width={132} height={132} />
          </div>
          <CertificateFacts certificate={certificate} registrations={registrations} Heading={Sub} anchors />
        </article>

        <section className={styles.actions} aria-labelledby={actionsId}>
          <Sub id={actionsId} className={styles.actionsTitle}>
            {ui.actions}
          </Sub>
          <p className={styles.address}>
            <span className={styles.url}>{pageUrl}</span>
          </p>
          <div className={styles.buttons}>
            {hydrated ? (
              <button type="button" className="button button--secondary button--small" onClick={() => void copy(pageUrl)}>
                {ui.copyLink}
              </button>
            ) : null}
            {shareable && hydrated && canShare ? (
              <button type="button" className="button button--secondary button--small" onClick={() => void share()}>
                {ui.share}
              </button>
            ) : null}
            {shareable ? (
              <a
                className="button button--secondary button--small"
                href={`https://wa.me/?text=${encodeURIComponent(`${shareText} ${pageUrl}`)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {ui.whatsapp}
                <span className="sr-only"> {settings.ui.layout.newTab}</span>
              </a>
            ) : null}
            {shareable ? (
              <a
                className="button button--secondary button--small"
                href={linkedInUrl(certificate, { name: settings.name, linkedInId: settings.linkedInOrganizationId }, pageUrl)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {ui.linkedin}
                <span className="sr-only"> {settings.ui.layout.newTab}</span>
              </a>
            ) : null}
            {hydrated ? (
              <button type="button" className="button button--secondary button--small" onClick={() => window.print()}>
                {ui.print}
              </button>
            ) : null}
            <a
              className="button button--small"
              href={fileUrl(
                'certificatePdf',
                site.language === 'en' ? { id: certificate.certificateID } : { id: certificate.certificateID, lang: site.language },
              )}
              download
            >
              {ui.pdf}
            </a>
            {revoked ? null : (
              <a className="button button--small" href={fileUrl('certificateCredential', { id: certificate.certificateID })} download>
                {ui.credential}
              </a>
            )}
          </div>
          <p className={styles.copied} role="status" aria-live="polite">
            {copied === 'copied' ? ui.copied : copied === 'failed' ? ui.copyFailed : null}
          </p>
          {shareable ? null : (
            <p className={styles.help} data-field="noSharing">
              {ui.noSharing}
            </p>
          )}
          {revoked ? null : (
            <p className={styles.help} data-field="keySet">
              <FilledText text={ui.keySet} name="keys" node={<a href={keys}>{keys.startsWith('/') ? settings.siteUrl + keys : keys}</a>} />
            </p>
          )}
        </section>
      </div>
    </section>
  );
}
