import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, certificateFileUrl, isCertificateList, verifyCertificates } from '../../api/client.ts';
import { usePageContext, useSite } from '../../runtime/contexts.tsx';
import { usePreloaded } from '../../runtime/preloaded.tsx';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { certificateIdFromPath, certificateLookupKey } from '../../shared/certificateId.ts';
import { formatLongDate } from '../../shared/dates.ts';
import type { CertificateSection, VerifiedCertificate } from '../../types.ts';
import { CertificateFacts } from '../../ui/CertificateFacts.tsx';
import { useHeadingTag, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './Certificate.module.css';

type View =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; certificate: VerifiedCertificate }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/** LinkedIn's add-to-profile link, filled with the certificate's name, our organisation, its issue month, its page and its ID. */
function linkedInUrl(certificate: VerifiedCertificate, organization: string, pageUrl: string): string {
  const [year, month] = certificate.issueDate.split('-');
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseName,
    organizationName: organization,
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

/** The page's own certificate: from the server's render when it came with one, else asked for. */
function useCertificate(typed: string | undefined): View {
  const preloaded = usePreloaded().certificate;
  const given = preloaded && typed !== undefined && certificateLookupKey(preloaded.typed) === certificateLookupKey(typed) ? preloaded : undefined;
  const initial: View =
    typed === undefined
      ? { status: 'none' }
      : given
        ? given.message
          ? { status: 'error', message: given.message }
          : given.found
            ? { status: 'found', certificate: given.found }
            : { status: 'missing' }
        : { status: 'loading' };
  const [view, setView] = useState<View>(initial);
  const hydrated = useHydrated();
  const failed = useSite().settings.ui.certificate.failed;
  useEffect(() => {
    if (!hydrated || typed === undefined || given) return;
    const controller = new AbortController();
    setView({ status: 'loading' });
    verifyCertificates([typed], { signal: controller.signal })
      .then((result) => {
        const certificate = isCertificateList(result) ? result[0] : undefined;
        setView(certificate ? { status: 'found', certificate } : { status: 'missing' });
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setView({ status: 'error', message: (failure instanceof ApiError && failure.serverMessage) || failed });
      });
    return () => controller.abort();
  }, [hydrated, typed, given, failed]);
  return view;
}

/**
 * A certificate's own page (/certificate/IC25/123456): whether it stands, what
 * it certifies, when it was checked, and what its holder can do with it. The
 * server renders it with the certificate, so it reads (and previews) without
 * script; buttons that need script appear once the page is live.
 */
export default function Certificate({ id, title, verifyPage }: CertificateSection) {
  const { settings } = useSite();
  const ui = settings.ui.certificatePage;
  const page = usePageContext();
  const location = useLocation();
  const typed = certificateIdFromPath(location.pathname, page.path);
  const view = useCertificate(typed);
  const Heading = useHeadingTag();
  const Sub = useSubheadingTag();
  const hydrated = useHydrated();
  const actionsId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function'), []);

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
          <p className={view.status === 'loading' ? styles.muted : 'alert alert--error'} role={view.status === 'loading' ? 'status' : 'alert'}>
            {message}
          </p>
          <p>
            <SmartLink href={verifyPage} className="button">
              {settings.ui.verify.button}
            </SmartLink>
          </p>
        </div>
      </section>
    );
  }

  const { certificate } = view;
  const pageUrl = settings.siteUrl + certificate.page;
  const shareText = fill(ui.shareText, { name: certificate.studentName, course: certificate.courseName, site: settings.name });
  const previewTitle = fill(ui.previewTitle, { name: certificate.studentName, course: certificate.courseName, site: settings.name });
  const previewDescription = fill(ui.previewDescription, { id: certificate.certificateID, site: settings.name, date: formatLongDate(certificate.issueDate) });
  const revoked = certificate.status === 'revoked';
  const statusLine = revoked ? ui.statusRevoked : certificate.sample ? ui.statusSample : ui.statusValid;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
      setCopied(ui.copied);
    } catch {
      setCopied(ui.copyFailed);
    }
  };
  const share = () => navigator.share({ title: previewTitle, text: shareText, url: pageUrl }).catch(() => undefined);

  return (
    <section id={id} className={`section ${styles.section}`} data-status={revoked ? 'revoked' : certificate.sample ? 'sample' : 'valid'} data-print-alone>
      <Head title={previewTitle} description={previewDescription} url={pageUrl} />
      <div className="container">
        <article className={`card ${styles.certificate}`}>
          <p className={styles.status} data-status={revoked ? 'revoked' : certificate.sample ? 'sample' : 'valid'}>
            {statusLine}
          </p>
          <div className={styles.head}>
            <div>
              <p className={styles.label}>{ui.awardedTo}</p>
              <Heading className={styles.name}>{certificate.studentName}</Heading>
              <p className={styles.issuer}>
                {ui.issuedBy} <strong>{settings.name}</strong>
              </p>
            </div>
            <img className={styles.qr} src={certificateFileUrl('qr.svg', certificate.certificateID)} alt={ui.qrAlt} width={132} height={132} />
          </div>
          <CertificateFacts certificate={certificate} />
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
              <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
                {ui.copyLink}
              </button>
            ) : null}
            {hydrated && canShare ? (
              <button type="button" className="button button--secondary button--small" onClick={() => void share()}>
                {ui.share}
              </button>
            ) : null}
            <a
              className="button button--secondary button--small"
              href={`https://wa.me/?text=${encodeURIComponent(`${shareText} ${pageUrl}`)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {ui.whatsapp}
              <span className="sr-only"> {settings.ui.layout.newTab}</span>
            </a>
            {revoked ? null : (
              <a
                className="button button--secondary button--small"
                href={linkedInUrl(certificate, settings.name, pageUrl)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {ui.linkedin}
                <span className="sr-only"> {settings.ui.layout.newTab}</span>
              </a>
            )}
            {hydrated ? (
              <button type="button" className="button button--secondary button--small" onClick={() => window.print()}>
                {ui.print}
              </button>
            ) : null}
            <a className="button button--small" href={certificateFileUrl('pdf', certificate.certificateID)} download>
              {ui.pdf}
            </a>
            {revoked ? null : (
              <a className="button button--small" href={certificateFileUrl('credential', certificate.certificateID)} download>
                {ui.credential}
              </a>
            )}
          </div>
          <p className={styles.copied} role="status" aria-live="polite">
            {copied}
          </p>
          {revoked ? null : <p className={styles.help}>{fill(ui.credentialHelp, { site: settings.name })}</p>}
        </section>
      </div>
    </section>
  );
}
