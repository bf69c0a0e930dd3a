import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { ProgressSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './Progress.module.css';

export default function Progress({ id, title, campaign, text, raised, goal, action }: ProgressSection) {
  const ui = useUi().progress;
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
