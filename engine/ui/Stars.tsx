import { useUi } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { StarIcon } from './icons.tsx';

export function Stars({ rating }: { rating: number }) {
  const ui = useUi();
  return (
    <span role="img" aria-label={fill(ui.course.rating, { rating })} style={{ display: 'inline-flex', gap: 2, color: 'var(--c-star)' }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= rating} width={18} height={18} />
      ))}
    </span>
  );
}
