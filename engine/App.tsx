import { site } from 'virtual:site';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AuthNav } from './layout/AuthNav.tsx';
import { Layout } from './layout/Layout.tsx';
import { AuthProvider } from './runtime/auth.tsx';
import { SiteProvider } from './runtime/contexts.tsx';
import { type LinkIntent, NavigationProvider } from './runtime/navigation.tsx';
import { beginNavigation, historyMoved } from './runtime/navigationProgress.ts';
import { PageView } from './runtime/PageView.tsx';
import { preloadPage } from './runtime/pageStore.ts';
import { type PreloadedData, PreloadedProvider } from './runtime/preloaded.tsx';
import { rememberReferralCode } from './runtime/referralCode.ts';
import { matchPage } from './runtime/routes.ts';

/** Every path is looked up in the page table built from pages/ (no router configuration to keep in step). */
function RoutedPage() {
  const location = useLocation();
  const { pageId } = matchPage(site, location.pathname);
  // A friend's link (?ref=…) may lead to any page: its code is kept until the visitor signs up.
  useEffect(() => rememberReferralCode(location.search), [location.search]);
  // Keyed by page, so a new page starts with fresh section state.
  return <PageView key={pageId} pageId={pageId} />;
}

const preload = (to: string) => preloadPage(matchPage(site, new URL(to, window.location.href).pathname).pageId);

/** Links a page marks as likely next taps: fetched once on screen for a moment and the page idle, unless data is saved. */
let seen: IntersectionObserver | undefined;
const watchedLinks = new Map<Element, string>();
function watchLink(link: HTMLAnchorElement, to: string): () => void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData || typeof IntersectionObserver !== 'function') return () => undefined;
  seen ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const target = watchedLinks.get(entry.target);
      seen?.unobserve(entry.target);
      watchedLinks.delete(entry.target);
      if (!target) continue;
      const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 300));
      idle(() => preload(target));
    }
  });
  watchedLinks.set(link, to);
  seen.observe(link);
  return () => {
    seen?.unobserve(link);
    watchedLinks.delete(link);
  };
}

/** Links fetch their page ahead as they are touched (and, when marked, as they are seen), and show progress when followed. */
const linkIntent: LinkIntent = { preload, begin: () => beginNavigation(), watch: watchLink };

function PageLoading() {
  return (
    <div className="section" aria-busy="true">
      <div className="container">
        <p>{site.settings.ui.layout.loading}</p>
      </div>
    </div>
  );
}

export function App({ preloaded = {} }: { preloaded?: PreloadedData }) {
  // Once hydrated, the page says it is live (its buttons answer): the browser tests wait on it before acting.
  useEffect(() => {
    document.documentElement.dataset['live'] = 'true';
    // Back and Forward show progress too, until the page they lead to is drawn.
    const onPop = () => historyMoved();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return (
    <PreloadedProvider data={preloaded}>
      <SiteProvider site={site}>
        <NavigationProvider intent={linkIntent}>
          <AuthProvider>
            <Layout authSlot={<AuthNav />}>
              <Suspense fallback={<PageLoading />}>
                <RoutedPage />
              </Suspense>
            </Layout>
          </AuthProvider>
        </NavigationProvider>
      </SiteProvider>
    </PreloadedProvider>
  );
}
