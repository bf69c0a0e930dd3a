import type { FaqItem } from '../types.ts';
import styles from './FaqList.module.css';

/**
 * Questions as native <details>: each opens and closes on its own, works by
 * keyboard and screen reader, and even before the page's script has loaded.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className={styles.list}>
      {items.map((item) => (
        <details key={item.question} className={styles.item}>
          <summary className={styles.question}>{item.question}</summary>
          <div className={styles.answer}>
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
