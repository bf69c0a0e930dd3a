import { defineSection } from '../../content/sectionDefinition.ts';
import { makeSearchRecord, moneyWords, SEARCH_RANK } from '../../search/makeSearchRecord.ts';
import { absoluteUrl, organization } from '../../seo/jsonLd.ts';
import { formatRupees } from '../../shared/money.ts';
import type { CourseDetail, CourseDetailSection, ResolvedPage } from '../../types.ts';

/** The professional courses are the ones with a page under /courses/; the older pages live under /course-details/. */
const isProfessional = (page: ResolvedPage) => page.path.startsWith('/courses/');

function courseOf(section: CourseDetailSection, page: ResolvedPage): CourseDetail | undefined {
  return page.entities.courseDetails?.[section.courseId];
}

export default defineSection('courseDetail', {
  titlesPage: true,
  pageKind: 'course',
  searchCoversPage: true,

  // The page's override is merged into its copy of the course once, here: the page, the catalogue card,
  // search and the JSON-LD all read the merged course.
  resolve(section, page) {
    const course = courseOf(section, page);
    if (course && section.courseDetails) page.entities.courseDetails![section.courseId] = { ...course, ...section.courseDetails };
    delete section.courseDetails;
  },

  index(section, page, index) {
    const course = courseOf(section, page);
    if (!course || !isProfessional(page)) return;
    const { id, title, image, oldPrice, newPrice, durationWeeks } = course;
    index.professionalCourses.push({ path: page.path, course: { id, title, image, oldPrice, newPrice, durationWeeks } });
  },

  searchRecords(section, page) {
    const course = courseOf(section, page);
    if (!course) return [];
    return [
      makeSearchRecord(
        {
          id: `coursepage:${page.path}`,
          kind: 'course',
          title: course.title,
          context: `Course · ${course.durationWeeks} weeks · ${formatRupees(course.newPrice)}`,
          url: page.path,
          text: [
            course.description,
            course.syllabus.join(', '),
            (course.highlights ?? []).join(', '),
            moneyWords(course.newPrice),
            course.instructor.name,
            'course',
          ].join(' · '),
        },
        isProfessional(page) ? SEARCH_RANK.courseDetail : SEARCH_RANK.olderCoursePage,
      ),
    ];
  },

  structuredData(section, page, site) {
    const course = courseOf(section, page);
    if (!course) return [];
    const hours = Number.parseInt(course.totalHours, 10);
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: course.title,
        description: course.description,
        url: page.canonicalUrl,
        image: absoluteUrl(site, course.image),
        provider: organization(site),
        offers: { '@type': 'Offer', category: 'Paid', price: course.newPrice, priceCurrency: 'INR', url: page.canonicalUrl },
        hasCourseInstance: {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          ...(course.weeklyClassHours
            ? {
                courseSchedule: {
                  '@type': 'Schedule',
                  duration: `PT${course.weeklyClassHours}H`,
                  repeatFrequency: 'Weekly',
                  repeatCount: course.durationWeeks,
                },
              }
            : { courseWorkload: `PT${hours}H` }),
          instructor: { '@type': 'Person', name: course.instructor.name, description: course.instructor.bio },
        },
      },
    ];
  },
});
