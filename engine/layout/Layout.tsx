import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useUi } from '../runtime/contexts.tsx';
import { ChatLink } from './ChatLink.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { SearchButton } from './SearchButton.tsx';

/** The frame around every route: navigation, main content, footer and chat link. */
export function Layout({ children, authSlot }: { children: ReactNode; authSlot?: ReactNode }) {
  const ui = useUi();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // On every route change: back to the top (or to the #anchor), and focus on the new page for screen readers.
  // The path alone says a route changed; the hash is read then, and a change of hash alone is the browser's to scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <>
      <a href="#main" className="skip-link" data-chrome>
        {ui.layout.skipToContent}
      </a>
      <LoadingBar />
      <Header authSlot={authSlot} searchSlot={<SearchButton />} />
      <main id="main" ref={mainRef} tabIndex={-1} style={{ outline: 'none' }}>
        <ErrorBoundary resetKey={location.pathname} text={ui.errorPage}>
          {children}
        </ErrorBoundary>
      </main>
      <Footer />
      <ChatLink />
    </>
  );
}
