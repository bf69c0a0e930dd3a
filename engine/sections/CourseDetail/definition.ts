import { addApplyable, formQuestions, USUAL_FORM } from '../../content/applyables.ts';
import { makeSearchRecord, moneyWords, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import { absoluteUrl, organization } from '../../content/seo/jsonLd.ts';
import { fill } from '../../shared/fill.ts';
import { formatRupees } from '../../shared/money.ts';
import type { Course, CourseDetail, CourseDetailSection, ResolvedPage } from '../../types.ts';

function courseOf(section: CourseDetailSection, page: ResolvedPage): CourseDetail | undefined {
  return page.entities.courseDetails?.[section.courseId];
}

const words = (title: string) =>
  title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Two courses of one subject: the same name ("Cyber Security", "Cybersecurity"), or one's words the start of the other's ("Python", "Python Programming"). */
export function sameSubject(a: string, b: string): boolean {
  const [x, y] = [words(a), words(b)];
  if (x.join('') === y.join('')) return true;
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  return shorter.length > 0 && shorter.every((word, i) => longer[i] === word);
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

  // Every course as a thing to apply for (on the site unless its Apply names another address), and the professional
  // ones for the catalogue.
  index(section, page, index, { model }) {
    const course = courseOf(section, page);
    if (!course) return;
    const ui = model.site.ui;
    if (!index.applyables.some((a) => a.kind === 'course' && a.id === course.id)) {
      const form = course.applicationForm ?? USUAL_FORM.course;
      addApplyable(index, {
        kind: 'course',
        id: course.id,
        title: course.title,
        page: page.path,
        onSite: !course.apply,
        form,
        questions: formQuestions(model, form, page.path),
        durationWeeks: course.durationWeeks,
        skills: course.syllabus,
        facts: [
          { label: ui.course.duration, value: fill(ui.course.weeks, { count: course.durationWeeks }) },
          { label: ui.course.newPrice, value: formatRupees(course.newPrice) },
          ...(course.weeklyClassHours ? [{ label: ui.course.hours, value: fill(ui.course.weeklyHours, { count: course.weeklyClassHours }) }] : []),
        ],
      });
    }
    if (course.kind !== 'professional') return;
    const { id, title, image, oldPrice, newPrice, durationWeeks } = course;
    index.professionalCourses.push({ path: page.path, course: { id, title, image, oldPrice, newPrice, durationWeeks } });
  },

  // A professional course links to the short course of its subject, and a short course's page to the professional one.
  derive(section, page, index, { model }) {
    const course = courseOf(section, page);
    if (!course) return {};
    if (course.kind === 'professional') {
      const shorts = [...(model.entities.get('courses')?.values() ?? [])].map((record) => record.entity as unknown as Course);
      const short = shorts.find((c) => words(c.title).join('') === words(course.title).join('')) ?? shorts.find((c) => sameSubject(c.title, course.title));
      if (!short) return {};
      const path = short.detailPage ?? `/courses?category=${encodeURIComponent(short.category)}`;
      return { otherKind: { kind: 'short', title: short.title, path, price: short.price, weeks: short.durationWeeks } };
    }
    const other = index.professionalCourses.find((p) => sameSubject(p.course.title, course.title));
    if (!other) return {};
    return {
      otherKind: { kind: 'professional', title: other.course.title, path: other.path, price: other.course.newPrice, weeks: other.course.durationWeeks },
    };
  },

  searchRecords(section, page, { model }) {
    const course = courseOf(section, page);
    if (!course) return [];
    const kind = model.site.courseKinds[course.kind];
    return [
      makeSearchRecord(
        {
          id: `coursepage:${page.path}`,
          kind: 'course',
          title: course.title,
          context: `${kind.name} · ${course.durationWeeks} weeks · ${formatRupees(course.newPrice)}`,
          url: page.path,
          text: [
            course.description,
            course.syllabus.join(', '),
            (course.highlights ?? []).join(', '),
            moneyWords(course.newPrice),
            course.instructor.name,
            kind.name,
          ].join(' · '),
        },
        course.kind === 'professional' ? SEARCH_RANK.courseDetail : SEARCH_RANK.olderCoursePage,
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
