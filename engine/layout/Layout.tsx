import type { ReactNode } from 'react';
import { useUi } from '../runtime/contexts.tsx';
import { Island } from '../runtime/islands.tsx';
import { useLocation } from '../runtime/location.ts';
import { LOCALES } from '../shared/language.ts';
import type { ResolvedPage } from '../types.ts';
import { ChatLink } from './ChatLink.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import styles from './Layout.module.css';
import { LoadingBar } from './LoadingBar.tsx';
import SearchButton from './SearchButton.tsx';

/**
 * The frame around every route: navigation, main content, footer and chat link. Drawn once by the server; in the
 * browser its islands are the search button, the account link and the newsletter box, and the navigation runtime
 * (runtime/navigation.ts) replaces what is inside <main> from one page to the next, sets the scroll and moves the focus.
 */
export function Layout({ children, authSlot, page }: { children: ReactNode; authSlot?: ReactNode; page?: ResolvedPage }) {
  const ui = useUi();
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link" data-chrome>
        {ui.layout.skipToContent}
      </a>
      {/* The page's own (its sections' skipLink), which a navigation to another page replaces (runtime/navigation.ts). */}
      <span data-page-skips="" data-chrome>
        {(page?.skipLinks ?? []).map((skip) => (
          <a key={skip.href} href={skip.href} className="skip-link">
            {skip.label}
          </a>
        ))}
      </span>
      <LoadingBar />
      <Header page={page} authSlot={authSlot} searchSlot={<Island name="SearchButton" component={SearchButton} props={{}} />} />
      {/* A page at a language's address before its texts are translated: its words are English, and it says so. */}
      <main id="main" tabIndex={-1} style={{ outline: 'none' }} lang={page && !page.translated ? LOCALES.en : undefined}>
        {page && !page.translated ? (
          <p className={`container ${styles.untranslated}`} lang={LOCALES[page.language]} data-untranslated="">
            {ui.layout.untranslated}
          </p>
        ) : null}
        {/* Only where pages are drawn in the browser (npm run dev, the editor's preview): a section that fails shows the error page. */}
        <ErrorBoundary resetKey={pathname} text={ui.errorPage}>
          {children}
        </ErrorBoundary>
      </main>
      <Footer page={page} />
      <ChatLink />
    </>
  );
}
