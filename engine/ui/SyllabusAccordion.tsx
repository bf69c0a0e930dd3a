import { useId } from 'react';
import styles from './SyllabusAccordion.module.css';
import { TextList } from './TextList.tsx';

interface Props {
  modules: readonly string[];
  details?: { blurb: string; items?: string[] | undefined } | undefined;
  moduleLabel: (n: number) => string;
}

/**
 * The Course Content list. With module details, each module is a native
 * <details> of one named group: the browser opens one at a time and closing
 * the open one is a tap on it, from first paint and without script (for
 * browsers that do not know named groups yet, runtime/detailsGroups.ts).
 * Without details, the modules are a plain numbered list.
 */
export function SyllabusAccordion({ modules, details, moduleLabel }: Props) {
  const group = useId();
  if (!details) {
    return (
      <ol className={styles.plain}>
        {modules.map((title, i) => (
          <li key={title} className={styles.item}>
            <span className={styles.label}>{moduleLabel(i + 1)}</span>
            <span className={styles.title}>{title}</span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div className={styles.accordion}>
      {modules.map((title, i) => (
        <details key={title} name={group} className={styles.item}>
          <summary className={styles.trigger}>
            <span className={styles.label}>{moduleLabel(i + 1)}</span>
            <span className={styles.title}>{title}</span>
          </summary>
          <div className={styles.panel}>
            <p>{details.blurb}</p>
            {details.items?.length ? <TextList items={details.items} className={styles.includes} /> : null}
          </div>
        </details>
      ))}
    </div>
  );
}
