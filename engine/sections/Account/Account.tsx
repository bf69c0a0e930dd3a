import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite } from '../../runtime/contexts.tsx';
import { useLocation, useSearchParams } from '../../runtime/location.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { safeNextPath } from '../../shared/formRules.ts';
import type { AccountResponse, AccountSection } from '../../types.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './Account.module.css';
import { ConfirmEmailCard, DataCard, DetailsCard, EnquiriesCard, NewsletterCard, PasswordCard, ReferralCard } from './AccountCards.tsx';
import { ApplicationsCard } from './ApplicationsCard.tsx';
import { PaymentsCard } from './PaymentsCard.tsx';

/**
 * The member's own account, read from the server with their session cookie
 * (nothing of it is in the prerendered page): her applications, details, enrolments and
 * messages, their referral link and earnings, the newsletter choice, password,
 * their data to download, and deleting it all. Someone not logged in is asked
 * to log in, and comes back here after.
 */
export default function Account({ id, title, intro, referralPage, catalogueLink, applyLink }: AccountSection) {
  const site = useSite();
  const ui = site.settings.ui;
  const { user } = useAuth();
  const hydrated = useHydrated();
  const location = useLocation();
  const Sub = useSubheadingTag();
  const [account, setAccount] = useState<AccountResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);

  const load = useCallback(async () => {
    const result = await callApi('account');
    if (result.ok) {
      setAccount(result.data);
      setProblem(null);
    } else setProblem(result.offline ? ui.account.loadOffline : fill(ui.account.loadFailed, { reason: result.message ?? ui.forms.serverError }));
  }, [ui]);

  useEffect(() => {
    if (user) void load();
    else setAccount(null);
  }, [user, load]);

  const welcome = Boolean((location.state as { welcome?: unknown } | null)?.welcome);
  const here = site.settings.accounts.accountPage;
  // Signed up from another page: the account is shown first, with the way back to that page.
  const [params] = useSearchParams();
  const back = safeNextPath(params.get('next'));
  let body: ReactNode;
  if (deleted) {
    body = (
      <div className={`card ${styles.notice}`} role="status">
        <p>{ui.account.deleted}</p>
        <p>
          <SmartLink href="/" className="button">
            {ui.errorPage.home}
          </SmartLink>
        </p>
      </div>
    );
  } else if (!hydrated || user === undefined || (user && !account && !problem)) {
    body = (
      <div className={`card ${styles.notice} ${styles.pending}`} aria-busy="true">
        <p className={styles.muted}>{ui.account.loading}</p>
      </div>
    );
  } else if (user === null) {
    body = (
      <div className={`card ${styles.notice}`}>
        <Sub className={styles.cardTitle}>{ui.account.loggedOutTitle}</Sub>
        <p>{ui.account.loggedOutText}</p>
        <p className={styles.buttons}>
          {site.landmarks.login ? (
            <SmartLink href={`${site.landmarks.login}?next=${encodeURIComponent(here)}`} className="button">
              {ui.auth.loginLink}
            </SmartLink>
          ) : null}
          {site.landmarks.signup ? (
            <SmartLink href={`${site.landmarks.signup}?next=${encodeURIComponent(here)}`} className="button button--secondary">
              {ui.account.createAccount}
            </SmartLink>
          ) : null}
        </p>
      </div>
    );
  } else if (!account) {
    body = (
      <div className={`card ${styles.notice}`}>
        <p role="alert" className="alert alert--error">
          {problem}
        </p>
        <button type="button" className="button" onClick={() => void load()}>
          {ui.forms.retry}
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {welcome ? (
          <p role="status" className={`alert alert--success ${styles.welcome}`}>
            {fill(ui.account.welcome, { name: account.user.fullName.split(/\s+/)[0] ?? account.user.fullName })}
          </p>
        ) : null}
        {back && back !== here ? (
          <p className={styles.back}>
            <SmartLink href={back} className="button">
              {ui.account.back}
            </SmartLink>
          </p>
        ) : null}
        <div className={styles.grid}>
          {account.emailConfirmed ? null : <ConfirmEmailCard account={account} />}
          <ApplicationsCard applyLink={applyLink} />
          <DetailsCard account={account} onSaved={load} />
          <ReferralCard account={account} referralPage={referralPage} />
          <EnquiriesCard account={account} catalogueLink={catalogueLink} />
          <PaymentsCard />
          <NewsletterCard account={account} onChanged={load} />
          <PasswordCard />
          <DataCard onDeleted={() => setDeleted(true)} />
        </div>
      </>
    );
  }
  return (
    <SectionShell id={id} title={title} intro={intro} tone="tint">
      {body}
    </SectionShell>
  );
}
