import { useSyncExternalStore } from 'react';
import { useUi } from '../runtime/contexts.tsx';
import { isNavigating, subscribeToNavigation } from '../runtime/navigationProgress.ts';
import { isLoadingAnyPage, subscribeToPageLoads } from '../runtime/pageStore.ts';
import styles from './LoadingBar.module.css';

const subscribe = (listener: () => void) => {
  const stopPages = subscribeToPageLoads(listener);
  const stopNavigation = subscribeToNavigation(listener);
  return () => {
    stopPages();
    stopNavigation();
  };
};
const busy = () => isNavigating() || isLoadingAnyPage();

/**
 * A bar at the top from the moment a link is followed until the new page is drawn (on a slow link, seconds), and
 * while a page waits for its content or code. The bar is always in the page and the stylesheet shows it: following a
 * link marks the document (html[data-navigating]) in the tap's own handler, so the bar is drawn in the next frame,
 * with no render in between; the page being left is dimmed meanwhile (base.css).
 */
export function LoadingBar() {
  const loading = useSyncExternalStore(subscribe, busy, () => false);
  const ui = useUi();
  return (
    <div className={styles.wrap} aria-live="polite" data-loading={loading || undefined}>
      <div className={styles.bar} data-navigation-progress="" />
      {loading ? <span className="sr-only">{ui.layout.loading}</span> : null}
    </div>
  );
}
