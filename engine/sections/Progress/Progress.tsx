import { useEffect, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { ProgressSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './Progress.module.css';

/**
 * A campaign's progress: content's figure, or (addConfirmedGifts) content's figure plus the gifts the team has
 * confirmed since the site's day, which the server sums. The prerendered page shows content's figure; the sum is
 * added once it arrives, and a failed request leaves content's figure as it is.
 */
export default function Progress({ id, title, campaign, text, raised: given, goal, action, addConfirmedGifts }: ProgressSection) {
  const ui = useUi().progress;
  const [confirmed, setConfirmed] = useState(0);
  useEffect(() => {
    if (!addConfirmedGifts) return;
    void callApi('campaign').then((result) => {
      if (result.ok && result.data.since) setConfirmed(result.data.confirmed);
    });
  }, [addConfirmedGifts]);
  const raised = given + confirmed;
  const percent = Math.min(100, Math.round((raised / goal) * 100));
  const Heading = useSubheadingTag();
  const label = fill(ui.raised, { raised: formatRupees(raised), goal: formatRupees(goal) });
  return (
    <SectionShell id={id} title={title}>
      <div className={`card ${styles.card}`}>
        {campaign ? <Heading className={styles.campaign}>{campaign}</Heading> : null}
        {text ? <p className={styles.text}>{text}</p> : null}
        <p className={styles.figures}>
          <span className={styles.raised}>{label}</span>
          <span className={styles.percent}>{fill(ui.percent, { percent })}</span>
        </p>
        <div
          className={styles.track}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${label} (${fill(ui.percent, { percent })})`}
          aria-label={campaign ?? title}
        >
          <div className={styles.bar} style={{ width: `${percent}%` }} />
        </div>
        {action ? <ActionLink action={action} className={styles.action} /> : null}
      </div>
    </SectionShell>
  );
}
