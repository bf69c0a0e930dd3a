import { useUi } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from './icons.tsx';
import styles from './SlideControls.module.css';

interface Props {
  count: number;
  index: number;
  userPaused: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onGoTo: (index: number) => void;
  onTogglePaused: () => void;
  tone?: 'light' | 'dark';
}

/** Pause/play, previous/next and one dot per slide: every slider can be driven by keyboard alone. */
export function SlideControls({ count, index, userPaused, onPrevious, onNext, onGoTo, onTogglePaused, tone = 'dark' }: Props) {
  const ui = useUi().media;
  return (
    <div className={styles.controls} data-tone={tone}>
      <button type="button" className={styles.button} onClick={onTogglePaused} aria-pressed={userPaused}>
        {userPaused ? <PlayIcon width={16} height={16} /> : <PauseIcon width={16} height={16} />}
        <span className="sr-only">{userPaused ? ui.playSlides : ui.pauseSlides}</span>
      </button>
      <button type="button" className={styles.button} onClick={onPrevious}>
        <ChevronLeft />
        <span className="sr-only">{ui.previous}</span>
      </button>
      <div className={styles.dots}>
        {Array.from({ length: count }, (_, i) => (
          // One dot per slide position: the position is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <button key={i} type="button" className={styles.dot} aria-current={i === index ? 'true' : undefined} onClick={() => onGoTo(i)}>
            <span className="sr-only">{fill(ui.slide, { number: i + 1, total: count })}</span>
          </button>
        ))}
      </div>
      <button type="button" className={styles.button} onClick={onNext}>
        <ChevronRight />
        <span className="sr-only">{ui.next}</span>
      </button>
    </div>
  );
}
