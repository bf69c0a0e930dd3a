import { defineSection } from '../../content/sectionDefinition.ts';
import { makeSearchRecord, moneyWords, SEARCH_RANK } from '../../search/makeSearchRecord.ts';
import type { SearchRecord } from '../../search/searchTypes.ts';
import { absoluteUrl } from '../../seo/jsonLd.ts';
import { formatRupees } from '../../shared/money.ts';
import type { Course, CourseCategory } from '../../types.ts';

export default defineSection('courseCatalogue', {
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
            context: `Short course · ${course.durationWeeks} weeks · ${formatRupees(course.price)}${category ? ` · ${category.title}` : ''}`,
            url: `${page.path}?category=${course.category}`,
            text: [category?.title ?? '', moneyWords(course.price), 'short course'].join(' · '),
          },
          SEARCH_RANK.catalogue,
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
            context: `Course category · ${count} courses`,
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
