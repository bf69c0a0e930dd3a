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
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute('data-navigating', on);
}

export function beginNavigation(): void {
  if (pending) return;
  pending = true;
  mark(true);
  notify();
}

/** The address (path and query) of the page last drawn. */
let drawn = '';

/** The page at this address is drawn: any navigation to it is over. */
export function endNavigation(at?: string): void {
  if (at !== undefined) drawn = at;
  if (!pending) return;
  pending = false;
  mark(false);
  notify();
}

/** Back or Forward: progress shows until the page it leads to is drawn, unless only the hash changed (a link to #give on the same page). */
export function historyMoved(): void {
  if (window.location.pathname + window.location.search !== drawn) beginNavigation();
}

export function isNavigating(): boolean {
  return pending;
}

export function subscribeToNavigation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
