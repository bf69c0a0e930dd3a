import { type FocusEvent, type PointerEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '../runtime/useHydrated.ts';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

/**
 * Self-advancing slides that stop while the pointer is over them or focus is
 * inside them, when the visitor presses pause, and altogether for visitors who
 * prefer reduced motion (WCAG 2.2.2). The slide shown and the pause state live
 * in the controls' radio buttons and checkbox (the stylesheet draws both before
 * any script); this hook reads what was chosen before it came, then keeps them
 * in step with the timer. Put `rootRef` on the element holding the controls.
 */
export function useAutoplay(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const rootRef = useRef<HTMLElement>(null);
  const running = hydrated && !reducedMotion && !userPaused && !hovered && !focused && count > 1;

  // What the visitor chose before the script came: a slide, or pause.
  useEffect(() => {
    const root = rootRef.current;
    const dot = root?.querySelector<HTMLInputElement>('[data-slide-dot]:checked');
    if (dot) setIndex(Number(dot.value));
    if (root?.querySelector<HTMLInputElement>('[data-slide-pause]')?.checked) setUserPaused(true);
  }, []);

  // The dots follow the slide, whoever moved it (the timer, previous, next).
  useEffect(() => {
    const dot = rootRef.current?.querySelector<HTMLInputElement>(`[data-slide-dot="${index}"]`);
    if (dot && !dot.checked) dot.checked = true;
  }, [index]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer after every change of slide, by hand or by the timer
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, index, count, intervalMs]);

  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const previous = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);

  const handlers = {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(true);
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(false);
    },
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };

  return {
    rootRef,
    index,
    ready: hydrated,
    goTo: setIndex,
    next,
    previous,
    running,
    userPaused,
    setPaused: setUserPaused,
    reducedMotion,
    handlers,
  };
}
