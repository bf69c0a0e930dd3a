import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandRegistry } from '../../engine/generated/islandRegistry.ts';
import AuthNav from '../../engine/layout/AuthNav.tsx';
import { Layout } from '../../engine/layout/Layout.tsx';
import { SiteProvider } from '../../engine/runtime/contexts.tsx';
import { declaredWords, renderIslands } from '../../engine/runtime/islandRender.tsx';
import { Island, IslandCollector, type IslandPlace, PAGE_DATA_ID, type PageData } from '../../engine/runtime/islands.tsx';
import { AtLocation } from '../../engine/runtime/location.ts';
import { PageContent } from '../../engine/runtime/PageView.tsx';
import { loadSections } from '../../engine/runtime/sectionRegistry.ts';
import { type ResolvedPage, SERVER_ONLY_WORDS } from '../../engine/types.ts';
import { resolvedPages, site } from '../support/renderSection.tsx';

/** A page as the prerender draws it: the page whole with its islands left empty, then each island alone (entry-server.tsx). */
async function renderPage(page: ResolvedPage) {
  await loadSections([...new Set(page.sections.map((s) => s.type))]);
  const places: IslandPlace[] = [];
  const markup = renderToString(
    <AtLocation url={page.path}>
      <SiteProvider site={site}>
        <IslandCollector.Provider value={places}>
          <Layout authSlot={<Island name="AuthNav" component={AuthNav} props={{}} />}>
            <PageContent page={page} />
          </Layout>
        </IslandCollector.Provider>
      </SiteProvider>
    </AtLocation>,
  );
  const { body } = await renderIslands(markup, places, { site, page, preloaded: {}, url: page.path });
  const data = JSON.parse(body.slice(body.indexOf(`id="${PAGE_DATA_ID}">`) + PAGE_DATA_ID.length + 6, body.lastIndexOf('</script>'))) as PageData;
  return { body, places, data };
}

const rendered = await Promise.all(resolvedPages.map(async (page) => ({ page, ...(await renderPage(page)) })));

describe('islands: only what can change is hydrated, and a page carries the words its islands use', () => {
  it('every island of the registry is on some page, and every page renders with its islands reading only the words they declare', () => {
    // renderIslands gives each island only the groups of words it declares, and throws when it reads another.
    const shown = new Set(rendered.flatMap((r) => r.places.map((p) => p.name)));
    expect(Object.keys(islandRegistry).filter((name) => !shown.has(name as never))).toEqual([]);
  });

  it("a page's data holds the words of its islands and no others, never the words only the server writes", () => {
    for (const { page, data } of rendered) {
      const declared = new Set(['errorPage', ...data.islands.flatMap((p) => islandRegistry[p.name].words)]);
      expect(Object.keys(data.words).sort(), page.path).toEqual([...declared].sort());
      for (const group of SERVER_ONLY_WORDS) expect(data.words, page.path).not.toHaveProperty(group);
    }
    // The pages students open first carry a fraction of the site's words.
    const home = rendered.find((r) => r.page.path === '/')!;
    expect(JSON.stringify(home.data.words).length).toBeLessThan(JSON.stringify(site.settings.ui).length / 3);
  });

  it("a page's data holds no menus, no route table and no other page's sections", () => {
    for (const { page, data } of rendered) {
      expect(Object.keys(data.site), page.path).not.toContain('nav');
      expect(Object.keys(data.site), page.path).not.toContain('routes');
      expect(Object.keys(data.page), page.path).not.toContain('sections');
    }
  });

  it('an island reading words it did not declare is refused, naming the island and the group (a probe)', () => {
    const words = declaredWords(site.settings.ui, new Set(['finder']), 'FinderFilters');
    expect(words.finder.clear).toBe(site.settings.ui.finder.clear);
    expect(() => words.compare).toThrow(/The island FinderFilters reads the words "compare", which it does not declare/);
  });

  it('the finder on /internship hydrates its filters and its way to the comparison, not its list of roles', () => {
    const internship = rendered.find((r) => r.page.path === '/internship')!;
    expect(internship.places.map((p) => p.name).sort()).toEqual(['AuthNav', 'CompareBar', 'FinderFilters', 'NewsletterForm', 'SearchButton']);
    const roles = internship.page.derived.internshipRoles!.length;
    const start = internship.body.indexOf('<ul', internship.body.indexOf('data-finder'));
    const list = internship.body.slice(start, internship.body.indexOf('</ul>', start));
    // Every role's card is in the page (the stylesheet filters them before any script), outside any island.
    expect((list.match(/<li class="card /g) ?? []).length).toBe(roles);
    const islandMarkup = [...internship.body.matchAll(/<ic-island[^>]*>([\s\S]*?)<\/ic-island>/g)].map((m) => m[1]).join('');
    expect(islandMarkup).not.toContain('data-fact="stipend"');
  });
});
