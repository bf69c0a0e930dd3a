import { useUi } from '../runtime/contexts.tsx';
import styles from './LoadingBar.module.css';

/**
 * A bar at the top from the moment a link is followed until the new page is drawn (on a slow link, seconds). The bar is
 * always in the page and the stylesheet shows it: following a link marks the document (html[data-navigating]) in the
 * tap's own handler, so the bar is drawn in the next frame with nothing else to run; the page being left is dimmed
 * meanwhile (base.css). The same mark puts the word "Loading" in the live region for screen readers
 * (runtime/navigationProgress.ts).
 */
export function LoadingBar() {
  const ui = useUi();
  return (
    <div className={styles.wrap} aria-live="polite" data-loading-text={ui.layout.loading}>
      <div className={styles.bar} data-navigation-progress="" />
      <span className="sr-only" />
    </div>
  );
}
