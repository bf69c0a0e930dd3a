/**
 * Whether a navigation the visitor asked for is on its way: set the moment a
 * link is followed (or Back is pressed), cleared when the new page is drawn.
 * The loading bar reads it, so a tap shows progress at once, before the new
 * page's content or code has even been asked for.
 */
let pending = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

// The page being left is dimmed by the stylesheet while the next one comes (html[data-navigating]), set here rather
// than by a render so that it shows in the very next frame.
function mark(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.documentElement.toggleAttribute('data-navigating', on);
  // The loading bar's live region says so to screen readers (layout/LoadingBar.tsx holds the word).
  const live = document.querySelector<HTMLElement>('[data-loading-text]');
  if (live?.lastElementChild) live.lastElementChild.textContent = on ? (live.dataset['loadingText'] ?? '') : '';
}

export function beginNavigation(): void {
  if (pending) return;
  pending = true;
  mark(true);
  notify();
}

export function endNavigation(): void {
  if (!pending) return;
  pending = false;
  mark(false);
  notify();
}

export function isNavigating(): boolean {
  return pending;
}

export function subscribeToNavigation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
