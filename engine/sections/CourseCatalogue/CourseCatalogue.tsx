import { useId } from 'react';
import { useEntities, usePageContext, useSite } from '../../runtime/contexts.tsx';
import { Island } from '../../runtime/islands.tsx';
import { fill } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { CourseCatalogueSection, ProfessionalCourse } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import cardStyles from '../../ui/CourseCard.module.css';
import { CourseCard } from '../../ui/CourseCard.tsx';
import { kindFigures } from '../../ui/courseKinds.ts';
import icons from '../../ui/FactIcons.module.css';
import { SectionShell, useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import CatalogueFilters, { type CatalogueItem } from './CatalogueFilters.tsx';
import styles from './CourseCatalogue.module.css';

function ProfessionalCard({ path, course, headingTag: Heading }: ProfessionalCourse & { headingTag: 'h3' | 'h4' | 'h5' }) {
  const site = useSite();
  const ui = site.settings.ui;
  return (
    <article className={`card ${cardStyles.card}`}>
      <img src={course.image} alt="" width={640} height={400} loading="lazy" className={cardStyles.image} />
      <div className={cardStyles.body}>
        <p className={`${cardStyles.kind} ${cardStyles.professional}`}>{site.settings.courseKinds.professional.name}</p>
        <Heading className={cardStyles.title}>{course.title}</Heading>
        <p className={`${cardStyles.duration} ${icons.icon} ${icons.clock}`} data-fact="weeks">
          {fill(ui.course.weeks, { count: course.durationWeeks })}
        </p>
        <p className={cardStyles.price}>
          <span className="sr-only">{ui.course.newPrice}: </span>
          <strong>{formatRupees(course.newPrice)}</strong> <span className="sr-only">{ui.course.oldPrice}: </span>
          <s>{formatRupees(course.oldPrice)}</s>
        </p>
        <SmartLink href={path} className={`button button--small ${cardStyles.enroll}`}>
          {ui.catalogue.viewCourse}
          <span className="sr-only">: {course.title}</span>
        </SmartLink>
      </div>
    </article>
  );
}

/**
 * The course catalogue, by kind: the short courses by category, then (with
 * includeProfessional) the professional courses, each kind under a heading
 * that names it, counts its courses and gives its prices and weeks as worked
 * out from the courses listed. With filters, kind, category and price are a
 * form the stylesheet reads (so they work from first paint) and the address
 * keeps. The list is drawn once, by the server, and never hydrated: only the
 * filters are an island (CatalogueFilters), which counts and hides what does
 * not match.
 */
export default function CourseCatalogue({
  id,
  title,
  intro,
  categoryIds,
  limitPerCategory,
  enrollPage,
  filters,
  includeProfessional,
  priceRanges,
  more,
}: CourseCatalogueSection) {
  const site = useSite();
  const allUi = site.settings.ui;
  const kinds = site.settings.courseKinds;
  const categories = useEntities('courseCategories', categoryIds);
  const courses = useEntities('courses');
  const derived = usePageContext().derived;
  const professional = includeProfessional ? (derived.professionalCourses ?? []) : [];
  const formId = useId();
  const KindHeading = useSubheadingTag();
  const CategoryHeading = useHeadingTagBelow(2);
  const courseHeading = (KindHeading === 'h2' ? 'h4' : 'h5') as 'h4' | 'h5';
  const professionalHeading = (KindHeading === 'h2' ? 'h3' : 'h4') as 'h3' | 'h4';

  const ranges = filters ? (priceRanges ?? []) : [];
  const rangesOf = (price: number) => ranges.flatMap((r, i) => (price >= r.min && (r.max === undefined || price <= r.max) ? [i] : []));
  const groups = categories.map((category, index) => {
    const all = courses.filter((c) => c.category === category.id);
    return { category, index, all, listed: limitPerCategory ? all.slice(0, limitPerCategory) : all };
  });
  const shortAll = courses.filter((c) => categories.some((cat) => cat.id === c.category));
  const items: CatalogueItem[] = [
    ...groups.flatMap(({ category, listed }) => listed.map((c) => ({ key: `short:${c.id}`, kind: 'short' as const, category: category.id, price: c.price }))),
    ...professional.map((p) => ({ key: `professional:${p.course.id}`, kind: 'professional' as const, price: p.course.newPrice })),
  ];

  const shortFigures = kindFigures(
    shortAll.map((c) => ({ price: c.price, listPrice: c.listPrice, weeks: c.durationWeeks })),
    allUi,
  );
  const professionalFigures = kindFigures(
    professional.map((p) => ({ price: p.course.newPrice, listPrice: p.course.oldPrice, weeks: p.course.durationWeeks })),
    allUi,
  );

  const kindHead = (kind: 'short' | 'professional', total: number, figures: { price: string; weeks: string }) => (
    <div className={styles.kindHead}>
      <KindHeading className={styles.kindTitle} id={`${formId}-${kind}`}>
        {kinds[kind].heading}{' '}
        <span className={styles.count} data-count={total}>
          ({total})
        </span>
      </KindHeading>
      <p className={styles.kindFigures}>
        <strong>{figures.price}</strong> · {figures.weeks}
      </p>
      <p className={styles.kindAbout}>{kinds[kind].about}</p>
    </div>
  );

  return (
    <SectionShell id={id} title={title} intro={intro}>
      <div id={`${formId}-list`} className={styles.catalogue} data-ready="false">
        {filters ? (
          <>
            <Island
              name="CatalogueFilters"
              component={CatalogueFilters}
              props={{
                formId: `${formId}-form`,
                listId: `${formId}-list`,
                items,
                categories: categories.map(({ id, title }) => ({ id, title })),
                ranges,
                hasProfessional: professional.length > 0,
              }}
            />
            {professional.length ? (
              // Each kind's part of the list, a tap away: the professional courses come after all the short ones.
              <p className={styles.jumps}>
                <a href={`#${formId}-short`}>{kinds.short.heading}</a>
                <a href={`#${formId}-professional`}>{kinds.professional.heading}</a>
              </p>
            ) : null}
          </>
        ) : null}
        <section className={styles.group} data-kind="short" data-part="" aria-labelledby={`${formId}-short`}>
          {kindHead('short', shortAll.length, shortFigures)}
          {groups.map(({ category, index, all, listed }) => (
            <div key={category.id} className={styles.category} data-category={index} data-part="">
              <CategoryHeading className={styles.categoryTitle}>
                {category.title}{' '}
                <span className={styles.count} data-count={all.length}>
                  ({all.length})
                </span>
              </CategoryHeading>
              <ul className={styles.grid}>
                {listed.map((course) => (
                  <li key={course.id} className={styles.item} data-key={`short:${course.id}`} data-price={rangesOf(course.price).join(' ')}>
                    <CourseCard course={course} enrollPage={enrollPage} headingTag={courseHeading} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
        {professional.length ? (
          <section className={styles.group} data-kind="professional" data-part="" aria-labelledby={`${formId}-professional`}>
            {kindHead('professional', professional.length, professionalFigures)}
            <ul className={styles.grid}>
              {professional.map((p) => (
                <li key={p.course.id} className={styles.item} data-key={`professional:${p.course.id}`} data-price={rangesOf(p.course.newPrice).join(' ')}>
                  <ProfessionalCard {...p} headingTag={professionalHeading} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {more ? (
          <p className={styles.more}>
            <ActionLink action={more} />
          </p>
        ) : null}
      </div>
    </SectionShell>
  );
}
