import { useSyncExternalStore } from 'react';
import { useUi } from '../runtime/contexts.tsx';
import { isLoadingAnyPage, subscribeToPageLoads } from '../runtime/pageStore.ts';
import styles from './LoadingBar.module.css';

/** A thin bar at the top while the next page's content or code is on its way (slow links). */
export function LoadingBar() {
  const loading = useSyncExternalStore(subscribeToPageLoads, isLoadingAnyPage, () => false);
  const ui = useUi();
  return (
    <div className={styles.wrap} aria-live="polite">
      {loading ? (
        <>
          <div className={styles.bar} />
          <span className="sr-only">{ui.layout.loading}</span>
        </>
      ) : null}
    </div>
  );
}
