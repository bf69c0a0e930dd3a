import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useUi } from '../runtime/contexts.tsx';

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
export function SmartLink({ href, children, newTab, className, onClick, state, ...aria }: SmartLinkProps) {
  const ui = useUi();
  const external = /^(https?:|mailto:|tel:)/.test(href);
  const opensNewTab = Boolean(newTab) && !href.startsWith('#');
  const newTabNote = opensNewTab ? <span className="sr-only"> {ui.layout.newTab}</span> : null;
  if (!external && href.startsWith('/') && !FILE.test(href.split(/[?#]/)[0]!) && !opensNewTab) {
    return (
      <Link to={encodePath(href)} className={className} onClick={onClick} state={state} {...aria}>
        {children}
      </Link>
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
