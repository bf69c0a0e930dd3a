import { useEffect, useId, useRef, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite } from '../../runtime/contexts.tsx';
import { useLocation } from '../../runtime/location.ts';
import { referralLink } from '../../runtime/referralCode.ts';
import { fill, fillCount } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { ReferralSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useClipboard } from '../../ui/useClipboard.ts';
import styles from './Referral.module.css';

/**
 * The referral box. A logged-in member sees their own link and what it has
 * earned (friends who signed up with it, at the reward each). Anyone else sees
 * the spec's demonstration: the sample link, copy ('Copied!' for copiedForMs),
 * WhatsApp, Facebook and Twitter, and a counter that starts at 0 and rises by
 * the reward for each simulated referral.
 */
export default function Referral({ id, title, intro, link: sampleLink, shareText, copiedForMs = 2000 }: ReferralSection) {
  const site = useSite();
  const { settings } = site;
  const ui = settings.ui.referral;
  const reward = settings.accounts.referralReward;
  const { user } = useAuth();
  const location = useLocation();
  const [simulated, setSimulated] = useState(0);
  const [mine, setMine] = useState<{ link: string; signups: number; earnings: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { state: copied, copy } = useClipboard({ resetAfterMs: copiedForMs, fallback: inputRef });
  const inputId = useId();

  useEffect(() => {
    if (!user) {
      setMine(null);
      return;
    }
    let cancelled = false;
    void callApi('account').then((result) => {
      if (!cancelled && result.ok && site.landmarks.signup) {
        const { code, signups, earnings } = result.data.referral;
        setMine({ link: referralLink(site.landmarks.signup, code), signups, earnings });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [user, site.landmarks.signup]);

  const link = mine?.link ?? sampleLink;

  const message = `${shareText} ${link}`;
  const shares = [
    { network: 'whatsapp', label: ui.whatsapp, href: `https://wa.me/?text=${encodeURIComponent(message)}` },
    { network: 'facebook', label: ui.facebook, href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}` },
    { network: 'twitter', label: ui.twitter, href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(shareText)}&url=${encodeURIComponent(link)}` },
  ];
  const loading = Boolean(user) && !mine;
  const count = mine ? mine.signups : simulated;
  const loginPath = site.landmarks.login;

  return (
    <SectionShell id={id} title={title} intro={intro} tone="tint">
      <div className={styles.layout} aria-busy={loading}>
        <div className={`card ${styles.box}`}>
          <label htmlFor={inputId} className={styles.label}>
            {ui.linkLabel}
          </label>
          <div className={styles.copyRow}>
            <input
              ref={inputRef}
              id={inputId}
              className={`input ${styles.link}`}
              value={loading ? ui.loading : link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="button" onClick={() => void copy(link)} disabled={loading}>
              {ui.copy}
            </button>
          </div>
          <p role="status" className={styles.status} data-state={copied}>
            {copied === 'copied' ? ui.copied : copied === 'failed' ? ui.copyFailed : ''}
          </p>
          <p className={styles.label}>{ui.shareTitle}</p>
          <ul className={styles.shares}>
            {shares.map((share) => (
              <li key={share.network}>
                <a className={styles.share} data-network={share.network} href={share.href} target="_blank" rel="noopener noreferrer">
                  <img src={`/images/social/${share.network}.svg`} alt="" width={18} height={18} loading="lazy" />
                  {share.label}
                  <span className="sr-only"> {settings.ui.layout.newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className={`card ${styles.earnings}`}>
          <p className={styles.label}>{ui.earnings}</p>
          <p className={styles.amount} aria-live="polite" data-fact="earnings">
            {formatRupees(mine ? mine.earnings : simulated * reward)}
          </p>
          <p className={styles.count}>{fillCount(ui.referrals, count)}</p>
          <p className={styles.reward}>{fill(ui.perReferral, { amount: formatRupees(reward) })}</p>
          {user ? (
            <p className={styles.note}>{ui.realNote}</p>
          ) : (
            <>
              <button type="button" className="button button--secondary" onClick={() => setSimulated((n) => n + 1)}>
                {ui.simulate}
              </button>
              <p className={styles.note}>
                {ui.demoNote} {loginPath ? <SmartLink href={`${loginPath}?next=${encodeURIComponent(location.pathname)}`}>{ui.demoLogin}</SmartLink> : null}
              </p>
            </>
          )}
        </div>
      </div>
    </SectionShell>
  );
}
