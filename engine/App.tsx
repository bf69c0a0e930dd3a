import { Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import { site } from 'virtual:site';
import { AuthNav } from './layout/AuthNav.tsx';
import { Layout } from './layout/Layout.tsx';
import { AuthProvider } from './runtime/auth.tsx';
import { SiteProvider } from './runtime/contexts.tsx';
import { buildRoutes } from './runtime/routes.tsx';

export const routes = buildRoutes(site);

function RoutedPage() {
  return useRoutes(routes);
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

export function App() {
  return (
    <SiteProvider site={site}>
      <AuthProvider>
        <Layout authSlot={<AuthNav />}>
          <Suspense fallback={<PageLoading />}>
            <RoutedPage />
          </Suspense>
        </Layout>
      </AuthProvider>
    </SiteProvider>
  );
}
