import { renderToString } from 'react-dom/server';
import { buildSiteContent } from '../../engine/content/buildSiteContent.ts';
import { validateContent } from '../../engine/content/validateContent.ts';
import { PageProvider, SiteProvider } from '../../engine/runtime/contexts.tsx';
import { AtLocation } from '../../engine/runtime/location.ts';
import { loadedSection, loadSections } from '../../engine/runtime/sectionRegistry.ts';
import type { ResolvedPage, Section, SectionMap, SectionType, SiteModel } from '../../engine/types.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';

/** The site as the build sees it, from the project's content or a copy of it. */
/** The site's content as the build resolves it; `overlay` puts texts in place of files of pages/ and data/ (as the content editor does). */
export function siteContentOf(root = projectRoot, overlay?: ReadonlyMap<string, string>) {
  const result = validateContent(root, overlay ? { overlay } : {});
  if (!result.model) throw new Error(`The content in ${root} is invalid; run npm run validate.`);
  return { model: result.model, ...buildSiteContent(result.model) };
}

const content = siteContentOf();
export const { model, site } = content;
/** Everything a student can apply for, as the build writes it into a release. */
export const applyables = content.applyables;
export const resolvedPages: ResolvedPage[] = [...content.pages.values()];

/** The first section of this type in the site's content, with the page it sits on. */
export function firstUse<K extends SectionType>(
  type: K,
  pages: readonly ResolvedPage[] = resolvedPages,
): { page: ResolvedPage; section: SectionMap[K] } | undefined {
  for (const page of pages) {
    const section = page.sections.find((s): s is SectionMap[K] & Section => s.type === type);
    if (section) return { page, section };
  }
  return undefined;
}

/** Server-renders one section as the prerender does, on its page, at a URL. */
export async function renderSection<K extends SectionType>(
  page: ResolvedPage,
  section: SectionMap[K],
  url = page.path,
  siteModel: SiteModel = site,
): Promise<string> {
  await loadSections([section.type]);
  const Component = loadedSection(section.type as K);
  return renderToString(
    <SiteProvider site={siteModel}>
      <PageProvider page={page}>
        <AtLocation url={url}>
          <Component {...section} />
        </AtLocation>
      </PageProvider>
    </SiteProvider>,
  );
}

export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
