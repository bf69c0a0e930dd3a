import type { CtaSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import styles from './Cta.module.css';

export default function Cta({ id, title, text, actions }: CtaSection) {
  const Heading = useHeadingTag();
  return (
    <section id={id} className={styles.cta}>
      <div className={`container ${styles.inner}`}>
        <div>
          <Heading className={styles.title}>{title}</Heading>
          {text ? <p className={styles.text}>{text}</p> : null}
        </div>
        <div className={styles.actions}>
          {actions.map((action, i) => (
            <ActionLink key={action.label} action={action} className={i === 0 ? 'button--accent' : styles.secondary} />
          ))}
        </div>
      </div>
    </section>
  );
}
