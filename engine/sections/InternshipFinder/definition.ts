import { makeSearchRecord, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import { fill, fillCount } from '../../runtime/text.ts';
import type { SearchRecord } from '../../search/searchTypes.ts';
import { formatRupees } from '../../shared/money.ts';

export default defineSection('internshipFinder', {
  // The filters and the way to the comparison are islands; the list of roles is drawn once, by the server.
  islands: { FinderFilters: { words: ['finder'] }, CompareBar: { words: ['compare', 'finder', 'layout'] } },
  // A role's page leads back here, with the filters chosen.
  index(section, page, index) {
    index.finder ??= { path: page.path, ...(section.id ? { anchor: section.id } : {}) };
  },
  // The list shows no skills and no Apply (a card leads to its role): the page is lighter without them.
  derive: (_section, _page, index) => ({
    internshipRoles: index.internshipRoles.map(({ skills: _skills, apply: _apply, ...role }) => role),
    ...(index.comparePath ? { comparePath: index.comparePath } : {}),
  }),
  pageKind: 'internship',
  // The first filter is 14 Tabs from the top of the page: a skip link leads to the filters (their form's id, InternshipFinder.tsx).
  skipLink: (section, ui) => (section.id ? { href: `#${section.id}-filters`, label: ui.finder.skipToFilters } : undefined),

  // The finder answers what students ask of all internships at once: paid ones, from home, in a city.
  searchRecords(section, page, { model }) {
    const roles = page.derived.internshipRoles ?? [];
    const ui = model.site.ui.finder;
    const at = (query: string) => `${page.path}${query}${section.id ? `#${section.id}` : ''}`;
    const count = (n: number) => fillCount(ui.roleCount, n);
    const stipends = roles.map((r) => r.stipend);
    const records: SearchRecord[] = [
      makeSearchRecord(
        {
          id: `finder:${page.path}`,
          kind: 'internshipStream',
          title: section.title,
          context: `${count(roles.length)} · ${fill(model.site.ui.roleSelector.perMonth, {
            amount: fill(model.site.ui.catalogue.priceRange, { min: formatRupees(Math.min(...stipends)), max: formatRupees(Math.max(...stipends)) }),
          })}`,
          url: at(''),
          text: [section.intro ?? '', ui.stipend, ui.sortStipend].join(' · '),
        },
        SEARCH_RANK.internshipStream,
      ),
    ];
    const remote = roles.filter((r) => r.mode.includes('Remote'));
    records.push(
      makeSearchRecord(
        {
          id: `finder:${page.path}:remote`,
          kind: 'internshipStream',
          title: ui.remoteResult,
          context: count(remote.length),
          url: at('?mode=remote'),
          text: [ui.remote, ...new Set(remote.map((r) => r.mode))].join(' · '),
        },
        SEARCH_RANK.internshipStream,
      ),
    );
    for (const city of [...new Set(roles.map((r) => r.location))].sort()) {
      const here = roles.filter((r) => r.location === city);
      records.push(
        makeSearchRecord(
          {
            id: `finder:${page.path}:${city}`,
            kind: 'internshipStream',
            title: fill(ui.cityResult, { city }),
            context: `${count(here.length)} · ${[...new Set(here.map((r) => r.streamLabel))].join(', ')}`,
            url: at(`?city=${encodeURIComponent(city)}`),
            text: fill(model.site.ui.searchRecords.city, { city }),
          },
          SEARCH_RANK.internshipStream,
        ),
      );
    }
    return records;
  },
});
