import { createContext, type ReactNode, useContext } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router-dom';

const NavigateContext = createContext<NavigateFunction | null>(null);

/**
 * Shares the router's navigate function with every link. A page holds a
 * hundred and more links (menus, footer, cards); React Router's <Link>
 * resolves each one on every render, which measured a third of the
 * prerender time and weighs on hydration on slow phones. Our hrefs are all
 * absolute, so a link only needs this one function.
 */
export function NavigationProvider({ children }: { children: ReactNode }) {
  return <NavigateContext.Provider value={useNavigate()}>{children}</NavigateContext.Provider>;
}

export function useSiteNavigate(): NavigateFunction | null {
  return useContext(NavigateContext);
}
