import { useId } from 'react';
import { useUi } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from './icons.tsx';
import styles from './SlideControls.module.css';

interface Props {
  count: number;
  /** The slide shown when the page was drawn; afterwards the radio buttons hold it (see useAutoplay). */
  initial: number;
  ready: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onGoTo: (index: number) => void;
  onPausedChange: (paused: boolean) => void;
  tone?: 'light' | 'dark';
}

/**
 * Pause/play, previous/next and one dot per slide: every slider can be driven
 * by keyboard alone. The dots are radio buttons and pause is a checkbox, so the
 * stylesheet shows the chosen slide and the pause state from first paint, and
 * the script picks up whatever was chosen before it came. Previous and next need
 * the script: they keep their place, unseen, until it has come.
 */
export function SlideControls({ count, initial, ready, onPrevious, onNext, onGoTo, onPausedChange, tone = 'dark' }: Props) {
  const ui = useUi().media;
  const group = useId();
  return (
    <div className={styles.controls} data-tone={tone} data-ready={ready}>
      <label className={`${styles.button} ${styles.pause}`}>
        <input type="checkbox" className={styles.input} data-slide-pause="" onChange={(e) => onPausedChange(e.currentTarget.checked)} />
        <PauseIcon width={16} height={16} className={styles.whenPlaying} />
        <PlayIcon width={16} height={16} className={styles.whenPaused} />
        <span className="sr-only">{ui.pauseSlides}</span>
      </label>
      <button type="button" className={`${styles.button} ${styles.step}`} onClick={onPrevious}>
        <ChevronLeft />
        <span className="sr-only">{ui.previous}</span>
      </button>
      <div className={styles.dots}>
        {Array.from({ length: count }, (_, i) => (
          // One dot per slide position: the position is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <label key={i} className={styles.dot}>
            <input type="radio" name={group} value={i} className={styles.input} data-slide-dot={i} defaultChecked={i === initial} onChange={() => onGoTo(i)} />
            <span className="sr-only">{fill(ui.slide, { number: i + 1, total: count })}</span>
          </label>
        ))}
      </div>
      <button type="button" className={`${styles.button} ${styles.step}`} onClick={onNext}>
        <ChevronRight />
        <span className="sr-only">{ui.next}</span>
      </button>
    </div>
  );
}
