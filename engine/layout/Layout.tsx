import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { useUi } from '../runtime/contexts.tsx';
import { endNavigation } from '../runtime/navigationProgress.ts';
import { ChatLink } from './ChatLink.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import styles from './Layout.module.css';
import { LoadingBar } from './LoadingBar.tsx';
import { SearchButton } from './SearchButton.tsx';

/** The frame around every route: navigation, main content, footer and chat link. */
export function Layout({ children, authSlot }: { children: ReactNode; authSlot?: ReactNode }) {
  const ui = useUi();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  // The path the page was last drawn at: an effect that runs again for the same path (React's StrictMode runs each one
  // twice, as the editor's preview does) is no route change, so it never moves the focus out of the editor's form.
  const drawnPath = useRef(location.pathname);

  const navigationType = useNavigationType();
  // Where each page of the history was scrolled to, so Back returns to the same place (the browser's own restoring
  // happens before the page it returns to is drawn, so it is done here instead).
  const scrolled = useRef(new Map<string, number>());
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => scrolled.current.set(window.history.state?.key ?? 'default', window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // The new page is drawn: progress stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, whatever it changed
  useLayoutEffect(() => endNavigation(location.pathname + location.search), [location.key]);

  // On every route change, before the new page is painted: at its top, or at the #anchor asked for, or where it was
  // left when Back or Forward returns to it; focus goes to the new page for screen readers. The path alone says a route
  // changed; the hash is read then, and a change of hash alone is the browser's to scroll. Instantly: the stylesheet's
  // smooth scrolling would show the new page first where the old one was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useLayoutEffect(() => {
    if (drawnPath.current === location.pathname) return;
    drawnPath.current = location.pathname;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const returnTo = navigationType === 'POP' ? scrolled.current.get(location.key) : undefined;
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: returnTo ?? 0, behavior: 'instant' });
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  // A sentence the previous page left for this one in the navigation state (log-in says Login successful! on the page
  // it returns to).
  const flash = (location.state as { flash?: unknown } | null)?.flash;

  return (
    <>
      <a href="#main" className="skip-link" data-chrome>
        {ui.layout.skipToContent}
      </a>
      <LoadingBar />
      <Header authSlot={authSlot} searchSlot={<SearchButton />} />
      <main id="main" ref={mainRef} tabIndex={-1} style={{ outline: 'none' }}>
        {typeof flash === 'string' ? (
          <div className="container">
            <p role="status" className={`alert alert--success ${styles.flash}`}>
              {flash}
            </p>
          </div>
        ) : null}
        <ErrorBoundary resetKey={location.pathname} text={ui.errorPage}>
          {children}
        </ErrorBoundary>
      </main>
      <Footer />
      <ChatLink />
    </>
  );
}
