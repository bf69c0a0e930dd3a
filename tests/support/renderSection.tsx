import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { buildSiteModel } from '../../engine/content/buildSiteModel.ts';
import { buildContentIndex } from '../../engine/content/contentIndex.ts';
import { resolvePage } from '../../engine/content/resolvePage.ts';
import { validateContent } from '../../engine/content/validateContent.ts';
import { PageProvider, SiteProvider } from '../../engine/runtime/contexts.tsx';
import { loadedSection, loadSections } from '../../engine/runtime/sectionRegistry.ts';
import type { ResolvedPage, Section, SectionMap, SectionType } from '../../engine/types.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

const result = validateContent(projectRoot);
if (!result.model) throw new Error('The content of the repository is invalid; run npm run validate.');
export const model = result.model;
export const site = buildSiteModel(model);
export const contentIndex = buildContentIndex(model);
export const resolvedPages: ResolvedPage[] = model.pages.map((page) => resolvePage(model, page, contentIndex));

/** The first section of this type in the site's content, with the page it sits on. */
export function firstUse<K extends SectionType>(type: K): { page: ResolvedPage; section: SectionMap[K] } | undefined {
  for (const page of resolvedPages) {
    const section = page.sections.find((s): s is SectionMap[K] & Section => s.type === type);
    if (section) return { page, section };
  }
  return undefined;
}

/** Server-renders one section as the prerender does, on its page, at a URL. */
export async function renderSection<K extends SectionType>(page: ResolvedPage, section: SectionMap[K], url = page.path): Promise<string> {
  await loadSections([section.type]);
  const Component = loadedSection(section.type as K);
  return renderToString(
    <SiteProvider site={site}>
      <PageProvider page={page}>
        <StaticRouter location={url}>
          <Component {...section} />
        </StaticRouter>
      </PageProvider>
    </SiteProvider>,
  );
}

export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
}
