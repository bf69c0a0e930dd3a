import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { Layout } from '../../../engine/layout/Layout.tsx';
import { SiteProvider } from '../../../engine/runtime/contexts.tsx';
import { NavigationProvider } from '../../../engine/runtime/navigation.tsx';
import { PageContent } from '../../../engine/runtime/PageView.tsx';
import { loadSections } from '../../../engine/runtime/sectionRegistry.ts';
import type { SectionType } from '../../../engine/types.ts';
import type { Preview } from '../../protocol/types.ts';

let root: Root | undefined;

export async function renderPreview({ site, page }: Preview): Promise<void> {
  // The code of each section type arrives once; the page renders when it is all here, as on the site.
  await loadSections([...new Set(page.sections.map((s) => s.type as SectionType))]);
  root ??= createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <MemoryRouter key={page.path} initialEntries={[page.path]}>
        <SiteProvider site={site}>
          <NavigationProvider>
            <Layout>
              <PageContent page={page} />
            </Layout>
          </NavigationProvider>
        </SiteProvider>
      </MemoryRouter>
    </StrictMode>,
  );
}
