import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Layout } from '../../../engine/layout/Layout.tsx';
import { SiteProvider } from '../../../engine/runtime/contexts.tsx';
import { AtLocation } from '../../../engine/runtime/location.ts';
import { PageContent } from '../../../engine/runtime/PageView.tsx';
import { loadSections } from '../../../engine/runtime/sectionRegistry.ts';
import { LOCALES, setRenderLocale } from '../../../engine/shared/language.ts';
import type { SectionType } from '../../../engine/types.ts';
import type { Preview } from '../../protocol/types.ts';

let root: Root | undefined;

// The preview shows one page: the site's links lead nowhere in it (on the site they are followed by its navigation).
document.addEventListener('click', (event) => {
  if ((event.target as Element | null)?.closest?.('a[href^="/"]')) event.preventDefault();
});

export async function renderPreview({ site, page }: Preview): Promise<void> {
  // The code of each section type arrives once; the page renders when it is all here, as on the site.
  await loadSections([...new Set(page.sections.map((s) => s.type as SectionType))]);
  // Numbers, dates and counted words in the page's language (a translation's preview is the page in Hindi).
  setRenderLocale(LOCALES[page.language]);
  document.documentElement.lang = LOCALES[page.language];
  root ??= createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <AtLocation key={page.path} url={page.path}>
        <SiteProvider site={site}>
          <Layout>
            <PageContent page={page} />
          </Layout>
        </SiteProvider>
      </AtLocation>
    </StrictMode>,
  );
}
