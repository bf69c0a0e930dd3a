import { useEntities } from '../../runtime/contexts.tsx';
import type { TestimonialsSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { TestimonialCard } from '../../ui/TestimonialCard.tsx';
import styles from './Testimonials.module.css';

export default function Testimonials({ id, title, intro, testimonialIds }: TestimonialsSection) {
  const testimonials = useEntities('testimonials', testimonialIds);
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <ul className={`grid grid--3 ${styles.list}`}>
        {testimonials.map((t) => (
          <li key={t.id}>
            <TestimonialCard name={t.name} role={t.role} quote={t.quote} image={t.image} rating={t.rating} />
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
