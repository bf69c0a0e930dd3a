import type { ContentModel } from '../content/contentModel.ts';
import { shortTitle } from '../content/resolvePage.ts';
import { formatRupees } from '../format/money.ts';
import type { Course, CourseCategory, CourseDetail, JobOpening } from '../types.ts';
import type { SearchRecord } from './searchTypes.ts';

/** Numbers written the ways visitors type them: 6000, 6,000 and ₹6,000. */
function money(n: number): string {
  return `${n} ${formatRupees(n)} ${formatRupees(n).slice(1)}`;
}

/** Lower ranks win ties: a course's own page over its catalogue entry, a role over a general page. */
const RANK = { courseDetail: 0, olderCoursePage: 0.005, internshipStream: 0, opening: 0.008, internshipRole: 0.005, jobCategory: 0.01, jobRole: 0.015, category: 0.03, page: 0.03, service: 0.04, catalogue: 0.06 } as const;

/**
 * Each word once, in first-seen order: Fuse scans every character of the text
 * for every word of a query, so repeats only cost time (a quarter of it, measured)
 * and bytes in the search chunk.
 */
export function uniqueWords(text: string): string {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const word = raw.replace(/^[(“"']+|[)”"',;:]+$/g, '');
    if (!word || word === '·') continue;
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words.join(' ');
}

function makeRecord(base: Omit<SearchRecord, 'rank' | 'text' | 'primary'> & { text: string }, rank: number): SearchRecord {
  return { ...base, text: uniqueWords(`${base.title} · ${base.context} · ${base.text}`), rank, primary: rank !== RANK.catalogue };
}

/**
 * Every course, internship stream and role, job category and role, opening,
 * service and page, as search records, derived from pages/ and data/ (nobody
 * keeps a second list).
 */
export function buildSearchRecords(model: ContentModel): SearchRecord[] {
  const records: SearchRecord[] = [];
  const covered = new Set<string>();
  const catalogueCategories = model.entities.get('courseCategories');
  const cataloguePage = model.pages.find((p) => p.doc.sections.some((s) => s.type === 'courseCatalogue' && s.filters))?.doc.path;
  const servicesPath = model.site.navigation.find((m) => m.id === 'services')?.href;

  for (const page of model.pages) {
    const path = page.doc.path;
    for (const section of page.doc.sections) {
      if (section.type === 'roleSelector') {
        covered.add(page.id);
        const stream = shortTitle(model, page);
        records.push(makeRecord({ id: `stream:${path}`, kind: 'internshipStream', title: section.title, context: `${stream} internships · ${section.roles.length} roles`, url: path, text: [stream, 'internship', page.doc.description, section.intro ?? '', section.roles.map((r) => r.title).join(', ')].join(' ') }, RANK.internshipStream));
        for (const role of section.roles) {
          const d = role.details;
          records.push(makeRecord({
            id: `role:${path}:${role.id}`,
            kind: 'internshipRole',
            title: role.title,
            context: `${stream} internship · ${formatRupees(d.stipend)}/month · ${d.durationWeeks} weeks · ${d.location}`,
            url: `${path}?role=${role.id}`,
            text: [`stipend ${money(d.stipend)} per month`, `${d.durationWeeks} weeks`, d.location, d.mode, d.eligibility, role.description, d.skills.join(', '), `${stream} internship`].join(' · '),
          }, RANK.internshipRole));
        }
      }
      if (section.type === 'jobRoleSelector') {
        covered.add(page.id);
        const category = shortTitle(model, page);
        records.push(makeRecord({ id: `jobs:${path}`, kind: 'jobCategory', title: section.title, context: `${category} · ${section.roles.length} roles`, url: path, text: ['jobs', page.doc.description, section.roles.map((r) => r.title).join(', ')].join(' ') }, RANK.jobCategory));
        for (const role of section.roles) {
          const d = role.details;
          records.push(makeRecord({
            id: `jobrole:${path}:${role.id}`,
            kind: 'jobRole',
            title: role.title,
            context: `${category} · ${d.experienceYears.min}-${d.experienceYears.max} years · ₹${d.salaryLpa.min}-${d.salaryLpa.max} LPA`,
            url: `${path}?role=${role.id}`,
            text: [`salary ${d.salaryLpa.min}-${d.salaryLpa.max} lpa`, `experience ${d.experienceYears.min}-${d.experienceYears.max} years`, d.location, d.eligibility, role.description, d.skills.join(', '), 'job'].join(' · '),
          }, RANK.jobRole));
        }
      }
      if (section.type === 'courseDetail') {
        covered.add(page.id);
        const course = model.entities.get('courseDetails')?.get(section.courseId)?.entity as CourseDetail | undefined;
        if (!course) continue;
        records.push(makeRecord({
          id: `coursepage:${path}`,
          kind: 'course',
          title: course.title,
          context: `Course · ${course.durationWeeks} weeks · ${formatRupees(course.newPrice)}`,
          url: path,
          text: [course.description, course.syllabus.join(', '), (course.highlights ?? []).join(', '), `${money(course.newPrice)}`, course.instructor.name, 'course'].join(' · '),
        }, path.startsWith('/courses/') ? RANK.courseDetail : RANK.olderCoursePage));
      }
      if (section.type === 'jobOpening') {
        covered.add(page.id);
        const opening = model.entities.get('jobOpenings')?.get(section.openingId)?.entity as JobOpening | undefined;
        if (!opening) continue;
        records.push(makeRecord({ id: `opening:${opening.id}`, kind: 'opening', title: opening.title, context: `Job at ${model.site.name} · ${opening.location}`, url: path, text: [opening.description, opening.responsibilities.join(', '), opening.qualifications.join(', '), 'job opening career hiring'].join(' · ') }, RANK.opening));
      }
      if (section.type === 'cardGrid' && path === servicesPath) {
        for (const card of section.cards) {
          records.push(makeRecord({ id: `service:${card.title}`, kind: 'service', title: card.title, context: 'Service', url: path, text: [card.text ?? '', (card.items ?? []).join(', '), 'service'].join(' · ') }, RANK.service));
        }
      }
    }
  }

  // Catalogue courses: to their own page when they have one, else to the catalogue filtered to their category.
  for (const record of model.entities.get('courses')?.values() ?? []) {
    const course = record.entity as unknown as Course;
    const category = catalogueCategories?.get(course.category)?.entity as unknown as CourseCategory | undefined;
    // A course with its own page is found through that page's record already.
    if (course.detailPage && records.some((r) => r.url === course.detailPage)) continue;
    const url = cataloguePage ? `${cataloguePage}?category=${course.category}` : '/';
    records.push(makeRecord({
      id: `catalogue:${course.id}`,
      kind: 'course',
      title: course.title,
      context: `Short course · ${course.durationWeeks} weeks · ${formatRupees(course.price)}${category ? ` · ${category.title}` : ''}`,
      url,
      text: [category?.title ?? '', `${money(course.price)}`, 'short course'].join(' · '),
    }, RANK.catalogue));
  }

  // Catalogue categories, such as Computer Science and Engineering (CSE).
  if (cataloguePage) {
    for (const entry of catalogueCategories?.values() ?? []) {
      const category = entry.entity as unknown as CourseCategory;
      const count = [...(model.entities.get('courses')?.values() ?? [])].filter((c) => (c.entity as unknown as Course).category === category.id).length;
      records.push(makeRecord({ id: `category:${category.id}`, kind: 'course', title: category.title, context: `Course category · ${count} courses`, url: `${cataloguePage}?category=${category.id}`, text: 'courses category' }, RANK.category));
    }
  }

  // Every other page a visitor may look for by name.
  for (const page of model.pages) {
    if (covered.has(page.id)) continue;
    const isAccountPage = page.doc.sections.some((s) => s.type === 'loginForm' || s.type === 'signupForm');
    if (page.doc.index === false && !isAccountPage) continue;
    const headings = page.doc.sections.map((s) => ('title' in s && typeof s.title === 'string' ? s.title : '')).filter(Boolean);
    records.push(makeRecord({ id: `page:${page.doc.path}`, kind: 'page', title: shortTitle(model, page), context: page.doc.description, url: page.doc.path, text: headings.join(' · ') }, RANK.page));
  }
  return records;
}
