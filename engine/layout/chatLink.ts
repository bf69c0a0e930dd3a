import { subscribeToLocation } from '../runtime/location.ts';

const CONTROLS = 'a[href], button, input, select, textarea, summary, label, [tabindex]:not([tabindex="-1"])';
const MEDIA = 'img, video, canvas, iframe';

function intersects(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether an element under the button is something a person needs: a control, a picture, or its own words (not a box's empty part). */
function needed(element: Element, area: DOMRect): boolean {
  // Not drawn (the closed part of a <details>, hidden text): nothing to cover.
  if (element.checkVisibility?.({ visibilityProperty: true }) === false) return false;
  if (element.matches(CONTROLS) || element.matches(MEDIA)) return intersects(element.getBoundingClientRect(), area);
  // Words for screen readers only, clipped to a pixel, are not on screen.
  const box = element.getBoundingClientRect();
  if (box.width <= 1 || box.height <= 1) return false;
  const range = document.createRange();
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) if (intersects(rect, area)) return true;
  }
  return false;
}

/** Whether an element is part of something that stays on screen as the page scrolls (a bar at the bottom: the finder's Compare bar). */
function onABar(element: Element): boolean {
  for (let e: Element | null = element; e && e !== document.body; e = e.parentElement) {
    const { position } = getComputedStyle(e);
    if (position === 'fixed' || position === 'sticky') return true;
  }
  return false;
}

/** Whether the button, where it floats now, lies over anything of the page a person needs, or over a bar, all of which is. */
function covering(link: HTMLElement): boolean {
  const area = link.getBoundingClientRect();
  if (area.width === 0) return false;
  for (const fx of [0.05, 0.5, 0.95]) {
    for (const fy of [0.05, 0.5, 0.95]) {
      for (const element of document.elementsFromPoint(area.left + area.width * fx, area.top + area.height * fy)) {
        if (element === link || link.contains(element)) continue;
        if (element === document.body || element === document.documentElement) break;
        if (needed(element, area) || onABar(element)) return true;
      }
    }
  }
  return false;
}

/** Lets the chat link (ChatLink.tsx) give way while it lies over something of the page, checked as the page moves and changes. */
export function letChatLinkGiveWay(link: HTMLElement): void {
  let frame = 0;
  let timer = 0;
  const check = () => {
    frame = 0;
    link.toggleAttribute('data-giving-way', covering(link));
  };
  const soon = () => {
    if (!frame) frame = requestAnimationFrame(check);
    // Once more when the page has settled (a scroll's last frame, pictures that arrived, a role chosen, a new page).
    window.clearTimeout(timer);
    timer = window.setTimeout(check, 250);
  };
  soon();
  window.addEventListener('scroll', soon, { passive: true });
  window.addEventListener('resize', soon);
  document.addEventListener('click', soon);
  document.addEventListener('change', soon);
  window.addEventListener('load', soon);
  subscribeToLocation(soon);
}
