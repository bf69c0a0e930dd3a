import { useId } from 'react';
import { formatRupees } from '../../format/money.ts';
import { useEntities, usePageContext, useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import type { CourseCatalogueSection, ProfessionalCourse } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import cardStyles from '../../ui/CourseCard.module.css';
import { CourseCard } from '../../ui/CourseCard.tsx';
import filterStyles from '../../ui/FilterBar.module.css';
import { ClockIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFilters } from '../../ui/useFilters.ts';
import styles from './CourseCatalogue.module.css';

const KEYS = ['category', 'price'] as const;
const PROFESSIONAL = 'professional';

/**
 * The course catalogue by category. With filters, category and price live in
 * the address; with includeProfessional, the courses that have a page of their
 * own are listed too, with their prices.
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
  const categories = useEntities('courseCategories', categoryIds);
  const courses = useEntities('courses');
  const professional = usePageContext().derived.professionalCourses ?? [];
  const allUi = useUi();
  const ui = allUi.catalogue;
  const { values, set, clear, active } = useFilters(KEYS);
  const formId = useId();
  const CategoryHeading = useSubheadingTag();
  const courseHeading = CategoryHeading === 'h2' ? 'h3' : 'h4';

  const range = filters && priceRanges && values.price !== '' ? priceRanges[Number(values.price)] : undefined;
  const priceFits = (price: number) => !range || (price >= range.min && (range.max === undefined || price <= range.max));
  const categoryFits = (categoryId: string) => !filters || !values.category || values.category === categoryId;

  const groups = categories
    .filter((c) => categoryFits(c.id))
    .map((category) => {
      const inCategory = courses.filter((c) => c.category === category.id && priceFits(c.price));
      return {
        category,
        total: courses.filter((c) => c.category === category.id).length,
        shown: limitPerCategory ? inCategory.slice(0, limitPerCategory) : inCategory,
      };
    })
    .filter((g) => g.shown.length > 0);
  const professionalShown: ProfessionalCourse[] =
    includeProfessional && categoryFits(PROFESSIONAL) ? professional.filter((p) => priceFits(p.course.newPrice)) : [];
  const count = groups.reduce((n, g) => n + g.shown.length, 0) + professionalShown.length;

  return (
    <SectionShell id={id} title={title} intro={intro}>
      {filters ? (
        <>
          <form className={filterStyles.bar} aria-label={ui.category} onSubmit={(e) => e.preventDefault()}>
            <div className="field">
              <label htmlFor={`${formId}-category`}>{ui.category}</label>
              <select id={`${formId}-category`} className="input" value={values.category} onChange={(e) => set('category', e.target.value)}>
                <option value="">{ui.allCategories}</option>
                {includeProfessional ? <option value={PROFESSIONAL}>{ui.professional}</option> : null}
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </div>
            {priceRanges ? (
              <div className="field">
                <label htmlFor={`${formId}-price`}>{ui.price}</label>
                <select id={`${formId}-price`} className="input" value={values.price} onChange={(e) => set('price', e.target.value)}>
                  <option value="">{ui.anyPrice}</option>
                  {priceRanges.map((r, i) => (
                    <option key={r.label} value={String(i)}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </form>
          <div className={filterStyles.summary}>
            <p role="status" aria-live="polite">
              {count ? fillCount(ui.results, count) : ui.none}
            </p>
            {active ? (
              <button type="button" className="button button--secondary button--small" onClick={clear}>
                {ui.clear}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {professionalShown.length ? (
        <div className={styles.category}>
          <CategoryHeading className={styles.categoryTitle}>
            {ui.professional} <span className={styles.count}>({professional.length})</span>
          </CategoryHeading>
          <ul className={styles.grid}>
            {professionalShown.map(({ path, course }) => (
              <li key={course.id}>
                <article className={`card ${cardStyles.card}`}>
                  <img src={course.image} alt="" width={640} height={400} loading="lazy" className={cardStyles.image} />
                  <div className={cardStyles.body}>
                    {courseHeading === 'h3' ? <h3 className={cardStyles.title}>{course.title}</h3> : <h4 className={cardStyles.title}>{course.title}</h4>}
                    <p className={cardStyles.duration} data-fact="weeks">
                      <ClockIcon width={16} height={16} />
                      {fill(allUi.course.weeks, { count: course.durationWeeks })}
                    </p>
                    <p className={cardStyles.price}>
                      <span className="sr-only">{allUi.course.newPrice}: </span>
                      <strong>{formatRupees(course.newPrice)}</strong> <span className="sr-only">{allUi.course.oldPrice}: </span>
                      <s>{formatRupees(course.oldPrice)}</s>
                    </p>
                    <SmartLink href={path} className={`button button--small ${cardStyles.enroll}`}>
                      {ui.viewCourse}
                      <span className="sr-only">: {course.title}</span>
                    </SmartLink>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {groups.map(({ category, total, shown }) => (
        <div key={category.id} className={styles.category}>
          <CategoryHeading className={styles.categoryTitle}>
            {category.title} <span className={styles.count}>({total})</span>
          </CategoryHeading>
          <ul className={styles.grid}>
            {shown.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} enrollPage={enrollPage} headingTag={courseHeading} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {more ? (
        <p className={styles.more}>
          <ActionLink action={more} />
        </p>
      ) : null}
    </SectionShell>
  );
}
