import type { HeroSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import { TextList } from '../../ui/TextList.tsx';
import styles from './Hero.module.css';

export default function Hero({ id, eyebrow, title, text, image, actions, highlights }: HeroSection) {
  const Heading = useHeadingTag();
  return (
    <section id={id} className={styles.hero}>
      <div className={`container ${styles.inner}`} data-has-image={Boolean(image)}>
        <div className={styles.copy}>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <Heading className={styles.title}>{title}</Heading>
          {text ? <p className={styles.text}>{text}</p> : null}
          {actions?.length ? (
            <div className={styles.actions}>
              {actions.map((action) => (
                <ActionLink key={action.label} action={action} />
              ))}
            </div>
          ) : null}
          {highlights?.length ? <TextList items={highlights} className={styles.highlights} /> : null}
        </div>
        {image ? <img className={styles.image} src={image} alt="" width={640} height={400} fetchPriority="high" /> : null}
      </div>
    </section>
  );
}
