import { useId, useState } from 'react';
import type { HeadingTag } from './SectionShell.tsx';
import styles from './SyllabusAccordion.module.css';
import { TextList } from './TextList.tsx';

interface Props {
  modules: readonly string[];
  details?: { blurb: string; items?: string[] | undefined } | undefined;
  moduleLabel: (n: number) => string;
  headingTag: HeadingTag;
}

/**
 * The Course Content list. With module details, each module is a button that
 * opens it and closes any other (one open at a time; clicking the open one
 * closes it). Without details, the modules are a plain numbered list.
 */
export function SyllabusAccordion({ modules, details, moduleLabel, headingTag: Heading }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
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
      {modules.map((title, i) => {
        const expanded = open === i;
        return (
          <div key={title} className={styles.item} data-open={expanded}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={`${baseId}-h${i}`}
                aria-expanded={expanded}
                aria-controls={`${baseId}-p${i}`}
                className={styles.trigger}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span className={styles.label}>{moduleLabel(i + 1)}</span>
                <span className={styles.title}>{title}</span>
              </button>
            </Heading>
            {/* biome-ignore lint/a11y/useSemanticElements: the APG accordion pattern: each panel is a region labelled by its button's heading */}
            <div id={`${baseId}-p${i}`} role="region" aria-labelledby={`${baseId}-h${i}`} hidden={!expanded} className={styles.panel}>
              <p>{details.blurb}</p>
              {details.items?.length ? <TextList items={details.items} className={styles.includes} /> : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
