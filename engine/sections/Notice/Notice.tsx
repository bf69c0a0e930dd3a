import type { NoticeSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import styles from './Notice.module.css';

/** A highlighted note in the page's flow: a fact a visitor should read before going on. */
export default function Notice({ id, title, text, points, action }: NoticeSection) {
  const Heading = useHeadingTag();
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <div className={styles.note} role="note">
          <Heading className={styles.title}>{title}</Heading>
          <p className={styles.text}>{text}</p>
          {points?.length ? (
            <ul className={styles.points}>
              {points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          ) : null}
          {action ? <ActionLink action={action} small className={styles.action} /> : null}
        </div>
      </div>
    </section>
  );
}
