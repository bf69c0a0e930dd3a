import type { ReactNode } from 'react';
import { useUi } from '../runtime/contexts.tsx';

export interface SmartLinkProps {
  href: string;
  children: ReactNode;
  newTab?: boolean | undefined;
  className?: string | undefined;
  /** What the link hands the next page (the spec's navigation state: the course chosen), kept in the history entry. */
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

/**
 * One link component for every kind of href content may hold: pages, anchors, files and the outside world. It is a
 * plain <a> and needs no script of its own: the navigation runtime (runtime/navigation.ts) follows the site's links
 * from one listener on the document, fetches their page ahead as they are touched, and reads what a link hands on
 * from its data-state; so a link in a section that is never hydrated works as well as one in an island.
 */
export function SmartLink({ href, children, newTab, className, state, prefetch, ...aria }: SmartLinkProps) {
  const ui = useUi();
  const external = /^(https?:|mailto:|tel:)/.test(href);
  const opensNewTab = Boolean(newTab) && !href.startsWith('#');
  if (!external && href.startsWith('/') && !FILE.test(href.split(/[?#]/)[0]!) && !opensNewTab) {
    return (
      <a
        href={encodePath(href)}
        className={className}
        data-state={state === undefined ? undefined : JSON.stringify(state)}
        data-prefetch={prefetch ? '' : undefined}
        {...aria}
      >
        {children}
      </a>
    );
  }
  return (
    <a
      href={href.startsWith('/') ? encodePath(href) : href}
      className={className}
      {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...aria}
    >
      {children}
      {opensNewTab ? <span className="sr-only"> {ui.layout.newTab}</span> : null}
    </a>
  );
}
