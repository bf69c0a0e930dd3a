/**
 * The build's half of site search: the records and answers, made from the resolved pages once per build. The
 * browser's half (the dialog, the worker, the engine that indexes these records) is engine/search, which imports
 * nothing of the build.
 */
import type { SearchAnswerText, SearchRecord } from '../../search/searchTypes.ts';
import { fill } from '../../shared/fill.ts';
import { formatRupees } from '../../shared/money.ts';
import type { Course, CourseDetail, ResolvedPage } from '../../types.ts';
import { kindFigures } from '../../ui/courseKinds.ts';
import type { ContentModel } from '../contentModel.ts';
import { definitionOf } from '../definitionOf.ts';
import type { BuildContext, ContentIndex } from '../sectionDefinition.ts';
import { makeSearchRecord, SEARCH_RANK } from './makeSearchRecord.ts';

/**
 * Every course, internship stream and role, job category and role, opening,
 * service and page, as search records, derived from the resolved pages by each
 * section type's definition (nobody keeps a second list).
 */
export function buildSearchRecords(pages: readonly ResolvedPage[], context: BuildContext): SearchRecord[] {
  const records: SearchRecord[] = [];
  for (const page of pages) {
    let covered = false;
    let searchable = page.index;
    for (const section of page.sections) {
      const definition = definitionOf(section);
      if (!definition) continue;
      records.push(...(definition.searchRecords?.(section, page, context) ?? []));
      covered ||= Boolean(definition.searchCoversPage);
      searchable ||= Boolean(definition.searchableWhenUnlisted);
    }
    // Every other page a visitor may look for by name.
    if (covered || !searchable) continue;
    // What the page says of itself: its sections' headings, intros and lead texts (a student asks in those words).
    const words = page.sections.flatMap((section) => {
      const fields = section as unknown as Record<string, unknown>;
      return ['title', 'intro', 'text'].map((key) => (typeof fields[key] === 'string' ? (fields[key] as string) : ''));
    });
    records.push(
      makeSearchRecord(
        {
          id: `page:${page.path}`,
          kind: 'page',
          title: page.label,
          context: page.description,
          url: page.path,
          text: [page.title, ...words].filter(Boolean).join(' · '),
        },
        SEARCH_RANK.page,
      ),
    );
  }
  return records;
}

/**
 * What search says about things the site does not have (data/site.json, search.answers), with the figures they
 * name filled in from the content, so a sentence never states an old price: {lowestCoursePrice} is the lowest price
 * of any course, {shortCoursePrice} the short courses' price as the catalogue gives it (₹899 each, usually ₹1,499),
 * {lowestStipend} and {highestStipend} the internship roles' monthly stipends.
 */
export function buildSearchAnswers(model: ContentModel, index: Pick<ContentIndex, 'internshipRoles'>): SearchAnswerText[] {
  const courses = [...(model.entities.get('courses')?.values() ?? [])].map((record) => record.entity as unknown as Course);
  const professional = [...(model.entities.get('courseDetails')?.values() ?? [])].map((record) => record.entity as unknown as CourseDetail);
  const shortCoursePrice = kindFigures(
    courses.map((c) => ({ price: c.price, listPrice: c.listPrice, weeks: c.durationWeeks })),
    model.site.ui,
  ).price;
  const lowest = (values: number[]) => (values.length ? formatRupees(Math.min(...values)) : '');
  const highest = (values: number[]) => (values.length ? formatRupees(Math.max(...values)) : '');
  const stipends = index.internshipRoles.map((role) => role.stipend);
  const figures = {
    shortCoursePrice,
    lowestCoursePrice: lowest([...courses.map((c) => c.price), ...professional.map((c) => c.newPrice)]),
    lowestStipend: lowest(stipends),
    highestStipend: highest(stipends),
  };
  return (model.site.search.answers ?? []).map((answer) => ({ words: answer.words, text: fill(answer.text, figures) }));
}
