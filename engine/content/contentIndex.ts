import type { InternshipRoleSummary, ProfessionalCourse } from '../types.ts';
import type { ContentModel, PageRecord } from './contentModel.ts';
import { shortTitle } from './resolvePage.ts';

/** Facts gathered across pages when the site is built: which page shows what. Nobody keeps these lists by hand. */
export interface ContentIndex {
  /** courseDetails id → the page that shows it (the first one, if several do). */
  courseDetailPaths: Record<string, string>;
  /** The courses with a page under /courses/, in menu order. */
  professionalCourses: ProfessionalCourse[];
  /** jobOpenings id → the opening's own page. */
  openingPaths: Record<string, string>;
  /** Every role of every internship stream page. */
  internshipRoles: InternshipRoleSummary[];
}

const byNavOrder = (a: PageRecord, b: PageRecord) => (a.doc.nav?.order ?? 100) - (b.doc.nav?.order ?? 100) || a.doc.path.localeCompare(b.doc.path);

export function buildContentIndex(model: ContentModel): ContentIndex {
  const index: ContentIndex = { courseDetailPaths: {}, professionalCourses: [], openingPaths: {}, internshipRoles: [] };
  for (const page of [...model.pages].sort(byNavOrder)) {
    for (const section of page.doc.sections) {
      if (section.type === 'courseDetail') {
        index.courseDetailPaths[section.courseId] ??= page.doc.path;
        const course = model.entities.get('courseDetails')?.get(section.courseId)?.entity as ProfessionalCourse['course'] | undefined;
        if (course && page.doc.path.startsWith('/courses/')) {
          index.professionalCourses.push({ path: page.doc.path, course: { id: course.id, title: course.title, image: course.image, oldPrice: course.oldPrice, newPrice: course.newPrice, durationWeeks: course.durationWeeks } });
        }
      }
      if (section.type === 'jobOpening') index.openingPaths[section.openingId] ??= page.doc.path;
      if (section.type === 'roleSelector') {
        const stream = shortTitle(model, page);
        for (const role of section.roles) {
          index.internshipRoles.push({
            streamLabel: stream,
            streamPath: page.doc.path,
            roleId: role.id,
            title: role.title,
            image: role.image,
            durationWeeks: role.details.durationWeeks,
            stipend: role.details.stipend,
            location: role.details.location,
            mode: role.details.mode,
          });
        }
      }
    }
  }
  return index;
}
