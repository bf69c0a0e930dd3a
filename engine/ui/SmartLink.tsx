import type { MouseEvent, MouseEventHandler, ReactNode } from 'react';
import { useUi } from '../runtime/contexts.tsx';
import { useSiteNavigate } from '../runtime/navigation.tsx';

export interface SmartLinkProps {
  href: string;
  children: ReactNode;
  newTab?: boolean | undefined;
  className?: string | undefined;
  onClick?: MouseEventHandler<HTMLAnchorElement> | undefined;
  state?: unknown;
  'aria-current'?: 'page' | undefined;
}

const FILE = /\.(pdf|svg|png|jpe?g|webp|avif|webm|mp4|xml|txt)$/i;

/** Internal paths may hold spaces (/jobs/HR Jobs); the href carries them encoded, once. */
export function encodePath(href: string): string {
  try {
    return encodeURI(decodeURI(href));
  } catch {
    return encodeURI(href);
  }
}

/** One link component for every kind of href content may hold: pages, anchors, files and the outside world. */
/** A plain left click stays in the app; a click with a modifier (new tab, new window, download) is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && !event.defaultPrevented;
}

export function SmartLink({ href, children, newTab, className, onClick, state, ...aria }: SmartLinkProps) {
  const ui = useUi();
  const navigate = useSiteNavigate();
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
      // Following a link to the page already shown does not add a history entry (as React Router's Link does).
      navigate(to, { state, replace: here === to });
    };
    return (
      <a href={to} className={className} onClick={follow} {...aria}>
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
