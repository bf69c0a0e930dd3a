import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router-dom';

/** What a link tells the app as it is used: the page it leads to may be fetched ahead, and its navigation has begun. */
export interface LinkIntent {
  /** A finger or pointer is on the link (or it is hovered): its page may be fetched now. */
  preload(to: string): void;
  /** The link is followed: progress shows at once. */
  begin(to: string): void;
  /** The link's page is fetched once the link has been on screen a moment and the page is idle; returns the way to stop. */
  watch(link: HTMLAnchorElement, to: string): () => void;
}

const NavigateContext = createContext<{ navigate: NavigateFunction; intent?: LinkIntent | undefined } | null>(null);

/**
 * Shares the router's navigate function with every link. A page holds a
 * hundred and more links (menus, footer, cards); React Router's <Link>
 * resolves each one on every render, which measured a third of the
 * prerender time and weighs on hydration on slow phones. Our hrefs are all
 * absolute, so a link only needs this one function (and, in the site, what
 * to do as a link is touched and followed).
 */
export function NavigationProvider({ children, intent }: { children: ReactNode; intent?: LinkIntent }) {
  const navigate = useNavigate();
  const value = useMemo(() => ({ navigate, intent }), [navigate, intent]);
  return <NavigateContext.Provider value={value}>{children}</NavigateContext.Provider>;
}

export function useSiteNavigate(): NavigateFunction | null {
  return useContext(NavigateContext)?.navigate ?? null;
}

export function useLinkIntent(): LinkIntent | undefined {
  return useContext(NavigateContext)?.intent;
}
