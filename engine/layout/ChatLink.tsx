import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSite } from '../runtime/contexts.tsx';
import styles from './ChatLink.module.css';

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

/** Whether the button, where it floats now, lies over anything of the page a person needs. */
function covering(link: HTMLElement): boolean {
  const area = link.getBoundingClientRect();
  if (area.width === 0) return false;
  for (const fx of [0.05, 0.5, 0.95]) {
    for (const fy of [0.05, 0.5, 0.95]) {
      for (const element of document.elementsFromPoint(area.left + area.width * fx, area.top + area.height * fy)) {
        if (element === link || link.contains(element)) continue;
        if (element === document.body || element === document.documentElement) break;
        if (needed(element, area)) return true;
      }
    }
  }
  return false;
}

/**
 * The floating link to the chat app, on every page. It gives way: while it
 * would lie over words, a picture or a control of the page (Share on WhatsApp,
 * a role's text), it fades out and lets taps through, and it comes back where
 * the page has room under it (between parts of a page, and at its foot, which
 * keeps room for it). A keyboard user reaching it sees it whatever is under it.
 */
export function ChatLink() {
  const { settings } = useSite();
  const ref = useRef<HTMLAnchorElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again on every new page, as well as on scroll and resize
  useEffect(() => {
    const link = ref.current;
    if (!link) return;
    let frame = 0;
    let timer = 0;
    const check = () => {
      frame = 0;
      link.toggleAttribute('data-giving-way', covering(link));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
      // Once more when the page has settled (a scroll's last frame, pictures that arrived, a role chosen).
      window.clearTimeout(timer);
      timer = window.setTimeout(check, 250);
    };
    soon();
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    document.addEventListener('click', soon);
    document.addEventListener('change', soon);
    window.addEventListener('load', soon);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      document.removeEventListener('click', soon);
      document.removeEventListener('change', soon);
      window.removeEventListener('load', soon);
    };
  }, [location.pathname, location.search]);

  return (
    <a ref={ref} href={settings.chat.href} target="_blank" rel="noopener noreferrer" className={styles.chat} title={settings.chat.label} data-chrome>
      <img src="/images/social/whatsapp.svg" alt="" width={28} height={28} loading="lazy" />
      <span className="sr-only">
        {settings.chat.label} {settings.ui.layout.newTab}
      </span>
    </a>
  );
}
