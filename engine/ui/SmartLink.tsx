import { type MouseEvent, type MouseEventHandler, type ReactNode, useEffect, useRef } from 'react';
import { useUi } from '../runtime/contexts.tsx';
import { useLinkIntent, useSiteNavigate } from '../runtime/navigation.tsx';

export interface SmartLinkProps {
  href: string;
  children: ReactNode;
  newTab?: boolean | undefined;
  className?: string | undefined;
  onClick?: MouseEventHandler<HTMLAnchorElement> | undefined;
  state?: unknown;
  'aria-current'?: 'page' | undefined;
  /** Fetch the page behind the link once it has been on screen a moment (the likely next tap, such as the finder's roles). */
  prefetch?: boolean | undefined;
}

const FILE = /\.(pdf|svg|png|jpe?g|webp|avif|webm|mp4|xml|txt)$/i;

/**
 * Internal paths may hold spaces (/jobs/HR Jobs); the href carries them encoded, once. What is already an escape
 * (%20, or the %2F of a ?next= address) stays as it is: encoding it again made /login?next=%252Finternship%252Flaw.
 */
export function encodePath(href: string): string {
  return href
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part, i) => (i % 2 === 1 ? part : encodeURI(part)))
    .join('');
}

/** One link component for every kind of href content may hold: pages, anchors, files and the outside world. */
/** A plain left click stays in the app; a click with a modifier (new tab, new window, download) is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && !event.defaultPrevented;
}

export function SmartLink({ href, children, newTab, className, onClick, state, prefetch, ...aria }: SmartLinkProps) {
  const ui = useUi();
  const navigate = useSiteNavigate();
  const intent = useLinkIntent();
  const ref = useRef<HTMLAnchorElement>(null);
  const watched = prefetch && intent ? encodePath(href) : undefined;
  useEffect(() => (watched && ref.current ? intent?.watch(ref.current, watched) : undefined), [watched, intent]);
  const external = /^(https?:|mailto:|tel:)/.test(href);
  const opensNewTab = Boolean(newTab) && !href.startsWith('#');
  const newTabNote = opensNewTab ? <span className="sr-only"> {ui.layout.newTab}</span> : null;
  if (!external && href.startsWith('/') && !FILE.test(href.split(/[?#]/)[0]!) && !opensNewTab) {
    const to = encodePath(href);
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!navigate || !isPlainClick(event)) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // Progress shows from the tap, before the next page has been asked for (a slow link takes seconds).
      if (to.split('#')[0] !== here.split('#')[0]) intent?.begin(to);
      // Following a link to the page already shown does not add a history entry (as React Router's Link does).
      navigate(to, { state, replace: here === to });
    };
    // The page behind the link is fetched from the moment a finger or pointer is on it: the tap's own time is saved.
    const ahead = intent ? () => intent.preload(to) : undefined;
    return (
      <a ref={ref} href={to} className={className} onClick={follow} onPointerDown={ahead} onMouseEnter={ahead} onFocus={ahead} {...aria}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={href.startsWith('/') ? encodePath(href) : href}
      className={className}
      onClick={onClick}
      {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...aria}
    >
      {children}
      {newTabNote}
    </a>
  );
}
