import { Stars } from './Stars.tsx';
import styles from './TestimonialCard.module.css';

interface Props {
  name: string;
  quote: string;
  role?: string | undefined;
  image?: string | undefined;
  rating?: number | undefined;
}

export function TestimonialCard({ name, quote, role, image, rating }: Props) {
  return (
    <figure className={`card ${styles.card}`}>
      {rating ? <Stars rating={rating} /> : null}
      <blockquote className={styles.quote}>
        <p>{quote}</p>
      </blockquote>
      <figcaption className={styles.person}>
        {image ? <img src={image} alt="" width={48} height={48} loading="lazy" className={styles.avatar} /> : null}
        <span>
          <span className={styles.name}>{name}</span>
          {role ? <span className={styles.role}>{role}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}
