import { site } from 'virtual:site';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AuthNav } from './layout/AuthNav.tsx';
import { Layout } from './layout/Layout.tsx';
import { AuthProvider } from './runtime/auth.tsx';
import { SiteProvider } from './runtime/contexts.tsx';
import { NavigationProvider } from './runtime/navigation.tsx';
import { PageView } from './runtime/PageView.tsx';
import { type PreloadedData, PreloadedProvider } from './runtime/preloaded.tsx';
import { matchPage } from './runtime/routes.ts';

/** Every path is looked up in the page table built from pages/ (no router configuration to keep in step). */
function RoutedPage() {
  const { pageId } = matchPage(site, useLocation().pathname);
  // Keyed by page, so a new page starts with fresh section state.
  return <PageView key={pageId} pageId={pageId} />;
}

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
  }, []);
  return (
    <PreloadedProvider data={preloaded}>
      <SiteProvider site={site}>
        <NavigationProvider>
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
