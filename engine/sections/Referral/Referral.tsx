import { useEffect, useId, useRef, useState } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { ReferralSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import styles from './Referral.module.css';

/**
 * The referral box: copy the link ('Copied!' for copiedForMs), share it on
 * WhatsApp, Facebook or Twitter, and an earnings counter that starts at 0 and
 * rises by the reward for each simulated referral (there is no referral
 * service behind the site, so the counter only demonstrates the reward).
 */
export default function Referral({ id, title, intro, link, shareText, rewardPerReferral, copiedForMs = 2000 }: ReferralSection) {
  const allUi = useUi();
  const ui = allUi.referral;
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [referrals, setReferrals] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const inputId = useId();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      inputRef.current?.select();
      setCopied('failed');
    }
    timer.current = window.setTimeout(() => setCopied('idle'), copiedForMs);
  };

  const message = `${shareText} ${link}`;
  const shares = [
    { network: 'whatsapp', label: ui.whatsapp, href: `https://wa.me/?text=${encodeURIComponent(message)}` },
    { network: 'facebook', label: ui.facebook, href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}` },
    { network: 'twitter', label: ui.twitter, href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(shareText)}&url=${encodeURIComponent(link)}` },
  ];

  return (
    <SectionShell id={id} title={title} intro={intro} tone="tint">
      <div className={styles.layout}>
        <div className={`card ${styles.box}`}>
          <label htmlFor={inputId} className={styles.label}>
            {ui.linkLabel}
          </label>
          <div className={styles.copyRow}>
            <input ref={inputRef} id={inputId} className={`input ${styles.link}`} value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button" onClick={copy}>
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
                  <span className="sr-only"> {allUi.layout.newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className={`card ${styles.earnings}`}>
          <p className={styles.label}>{ui.earnings}</p>
          <p className={styles.amount} aria-live="polite" data-fact="earnings">
            {formatRupees(referrals * rewardPerReferral)}
          </p>
          <p className={styles.count}>{fillCount(ui.referrals, referrals)}</p>
          <p className={styles.reward}>{fill(ui.perReferral, { amount: formatRupees(rewardPerReferral) })}</p>
          <button type="button" className="button button--secondary" onClick={() => setReferrals((n) => n + 1)}>
            {ui.simulate}
          </button>
        </div>
      </div>
    </SectionShell>
  );
}
