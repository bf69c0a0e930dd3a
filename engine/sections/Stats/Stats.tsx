import type { StatsSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import styles from './Stats.module.css';

export default function Stats({ id, title, intro, items }: StatsSection) {
  return (
    <SectionShell id={id} title={title} intro={intro} tone="tint">
      <dl className={styles.grid}>
        {items.map((item) => (
          <div key={item.label} className={styles.item}>
            <dt className={styles.label}>{item.label}</dt>
            <dd className={styles.value}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </SectionShell>
  );
}
