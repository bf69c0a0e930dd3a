import { useUi } from '../../runtime/contexts.tsx';
import type { DownloadsSection } from '../../types.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './Downloads.module.css';

export default function Downloads({ id, title, intro, reports }: DownloadsSection) {
  const ui = useUi().downloads;
  const Heading = useSubheadingTag();
  return (
    <SectionShell id={id} title={title} intro={intro}>
      <ul className={styles.list}>
        {reports.map((report) => (
          <li key={report.id} className={`card ${styles.item}`}>
            <span className={styles.badge} aria-hidden="true">
              PDF
            </span>
            <div className={styles.text}>
              <Heading className={styles.name}>{report.name}</Heading>
              {report.description ? <p>{report.description}</p> : null}
            </div>
            <a className="button button--small" href={report.file} download>
              {ui.download}
              <span className="sr-only">: {report.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
