import { makeSearchRecord, moneyWords, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import { absoluteUrl } from '../../content/seo/jsonLd.ts';
import { fillCount } from '../../runtime/text.ts';
import type { SearchRecord } from '../../search/searchTypes.ts';
import { formatRupees } from '../../shared/money.ts';
import type { Course, CourseCategory } from '../../types.ts';
import { kindFigures } from '../../ui/courseKinds.ts';

export default defineSection('courseCatalogue', {
  // The filters are an island; the list of courses is drawn once, by the server.
  islands: { CatalogueFilters: { words: ['catalogue'] } },
  needs: () => ['courses', 'courseCategories'],
  pageKind: 'course',
  derive: (section, _page, index) => (section.includeProfessional ? { professionalCourses: index.professionalCourses } : {}),

  // The catalogue with filters is where a course or a category without a page of its own is found.
  searchRecords(section, page, { model, pageAt }) {
    if (!section.filters) return [];
    const records: SearchRecord[] = [];
    const categories = model.entities.get('courseCategories');
    const courses = [...(model.entities.get('courses')?.values() ?? [])].map((record) => record.entity as unknown as Course);
    for (const course of courses) {
      // A course with its own page is found through that page's record.
      if (course.detailPage && pageAt(course.detailPage)) continue;
      const category = categories?.get(course.category)?.entity as unknown as CourseCategory | undefined;
      records.push(
        makeSearchRecord(
          {
            id: `catalogue:${course.id}`,
            kind: 'course',
            title: course.title,
            context: `${model.site.courseKinds.short.name} · ${course.durationWeeks} weeks · ${formatRupees(course.price)}${category ? ` · ${category.title}` : ''}`,
            url: `${page.path}?category=${course.category}`,
            text: [category?.title ?? '', moneyWords(course.price), model.site.courseKinds.short.name].join(' · '),
          },
          SEARCH_RANK.catalogue,
        ),
      );
    }
    // The two kinds of course, each a result of its own that opens the catalogue at it, with its count, prices and weeks.
    const ui = model.site.ui;
    const kinds = model.site.courseKinds;
    const at = (kind: string) => `${page.path}?kind=${kind}${section.id ? `#${section.id}` : ''}`;
    const shortFigures = kindFigures(
      courses.map((c) => ({ price: c.price, listPrice: c.listPrice, weeks: c.durationWeeks })),
      ui,
    );
    records.push(
      makeSearchRecord(
        {
          id: `kind:${page.path}:short`,
          kind: 'course',
          title: kinds.short.heading,
          context: [fillCount(kinds.short.count, courses.length), shortFigures.price, shortFigures.weeks].join(' · '),
          url: at('short'),
          text: [kinds.short.name, kinds.short.about, moneyWords(courses[0]?.price ?? 0)].join(' · '),
        },
        SEARCH_RANK.category,
      ),
    );
    const professional = page.derived.professionalCourses ?? [];
    if (section.includeProfessional && professional.length) {
      const figures = kindFigures(
        professional.map((p) => ({ price: p.course.newPrice, listPrice: p.course.oldPrice, weeks: p.course.durationWeeks })),
        ui,
      );
      records.push(
        makeSearchRecord(
          {
            id: `kind:${page.path}:professional`,
            kind: 'course',
            title: kinds.professional.heading,
            context: [fillCount(kinds.professional.count, professional.length), figures.price, figures.weeks].join(' · '),
            url: at('professional'),
            text: [kinds.professional.name, kinds.professional.about].join(' · '),
          },
          SEARCH_RANK.category,
        ),
      );
    }
    for (const entry of categories?.values() ?? []) {
      const category = entry.entity as unknown as CourseCategory;
      const count = courses.filter((course) => course.category === category.id).length;
      records.push(
        makeSearchRecord(
          {
            id: `category:${category.id}`,
            kind: 'course',
            title: category.title,
            context: `Course category · ${fillCount(model.site.courseKinds.short.count, count)}`,
            url: `${page.path}?category=${category.id}`,
            text: 'courses category',
          },
          SEARCH_RANK.category,
        ),
      );
    }
    return records;
  },

  structuredData(section, page, site) {
    const listed = page.derived.professionalCourses ?? [];
    if (!section.includeProfessional || listed.length === 0) return [];
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: section.title,
        itemListElement: listed.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: absoluteUrl(site, p.path) })),
      },
    ];
  },
});
