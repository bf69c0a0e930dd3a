import { site } from 'virtual:site';
import { createRoot } from 'react-dom/client';
import { setApiBase } from './api/client.ts';
import AuthNav from './layout/AuthNav.tsx';
import { Layout } from './layout/Layout.tsx';
import { SiteProvider } from './runtime/contexts.tsx';
import { Island } from './runtime/islands.tsx';
import { PageContent } from './runtime/PageView.tsx';
import { loadPage } from './runtime/pageStore.ts';
import { matchPage } from './runtime/routes.ts';

/**
 * `npm run dev` only: Vite's dev server serves the page template with nothing prerendered, so the page is drawn here,
 * every section with it, from the content the dev server validates (and reloads on a change). Links load pages whole.
 */
export async function drawPage(): Promise<void> {
  setApiBase(site.settings.api?.base);
  const page = await loadPage(matchPage(site, window.location.pathname).pageId);
  createRoot(document.getElementById('root')!).render(
    <SiteProvider site={site}>
      <Layout page={page} authSlot={<Island name="AuthNav" component={AuthNav} props={{}} />}>
        <PageContent page={page} />
      </Layout>
    </SiteProvider>,
  );
}
