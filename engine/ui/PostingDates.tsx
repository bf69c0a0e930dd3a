import { useSite } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { formatLongDate } from '../shared/dates.ts';
import type { RolePosting } from '../types.ts';
import styles from './RoleDetails.module.css';

/**
 * When a stream's or a category's roles were posted and the last day to apply: shown, as every date their job
 * postings give search engines must be (engine/content/seo/jobPosting.ts).
 */
export function PostingDates({ posting }: { posting: RolePosting | undefined }) {
  const ui = useSite().settings.ui.openings;
  if (!posting) return null;
  return (
    <p className={styles.posting}>
      <span data-fact="datePosted">{fill(ui.posted, { date: formatLongDate(posting.datePosted) })}</span>
      {' · '}
      <span data-fact="validThrough">{fill(ui.validThrough, { date: formatLongDate(posting.validThrough) })}</span>
    </p>
  );
}
