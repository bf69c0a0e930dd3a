import type { CardGridSection } from '../../types.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './CardGrid.module.css';

export default function CardGrid({ id, title, intro, columns = 3, numbered, cards }: CardGridSection) {
  const CardHeading = useSubheadingTag();
  const List = numbered ? 'ol' : 'ul';
  return (
    <SectionShell id={id} title={title} intro={intro}>
      <List className={`grid grid--${columns} ${styles.list}`}>
        {cards.map((card, i) => (
          <li key={card.title} className={`card ${styles.card}`} data-featured={Boolean(card.badge)}>
            {card.image ? <img className={styles.image} src={card.image} alt="" width={640} height={400} loading="lazy" /> : null}
            <div className={styles.body}>
              {card.badge ? <span className={styles.badge}>{card.badge}</span> : null}
              {card.icon ? <img className={styles.icon} src={card.icon} alt="" width={56} height={56} loading="lazy" /> : null}
              {numbered ? (
                <span className={styles.number} aria-hidden="true">
                  {i + 1}
                </span>
              ) : null}
              <CardHeading className={styles.title}>{card.title}</CardHeading>
              {card.text ? <p className={styles.text}>{card.text}</p> : null}
              {card.items?.length ? (
                <ul className="check-list">
                  {card.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {card.link ? (
                <SmartLink
                  href={card.link.href}
                  newTab={card.link.newTab}
                  className={`button button--small ${card.link.variant === 'secondary' ? 'button--secondary' : ''} ${styles.link}`}
                >
                  {card.link.label}
                  <span className="sr-only">: {card.title}</span>
                </SmartLink>
              ) : null}
            </div>
          </li>
        ))}
      </List>
    </SectionShell>
  );
}
