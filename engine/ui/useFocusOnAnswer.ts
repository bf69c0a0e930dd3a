import { type RefObject, useEffect } from 'react';

/**
 * Moves the keyboard focus to an answer when it arrives (`answer` changes to
 * something), unless the visitor has meanwhile put it somewhere else: only
 * from the page itself, its main region, or nowhere (a field that was disabled
 * while the answer came lets the focus fall to the body).
 */
export function useFocusOnAnswer(ref: RefObject<HTMLElement | null>, answer: unknown): void {
  useEffect(() => {
    if (!answer || !ref.current) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.tagName === 'MAIN' || ref.current.contains(active)) {
      ref.current.focus({ preventScroll: false });
    }
  }, [answer, ref]);
}
