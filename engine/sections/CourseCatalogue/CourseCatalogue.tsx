import { useId } from 'react';
import { useEntities, usePageContext, useSite } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatRupees } from '../../shared/money.ts';
import type { Course, CourseCatalogueSection, ProfessionalCourse } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import cardStyles from '../../ui/CourseCard.module.css';
import { CourseCard } from '../../ui/CourseCard.tsx';
import { kindFigures } from '../../ui/courseKinds.ts';
import filterStyles from '../../ui/FilterBar.module.css';
import { FilterSelect, type SelectOption } from '../../ui/FilterSelect.tsx';
import { ClockIcon } from '../../ui/icons.tsx';
import { SectionShell, useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFormFilters } from '../../ui/useFormFilters.ts';
import styles from './CourseCatalogue.module.css';

const KEYS = ['kind', 'category', 'price'] as const;

function ProfessionalCard({ path, course, headingTag: Heading }: ProfessionalCourse & { headingTag: 'h3' | 'h4' | 'h5' }) {
  const site = useSite();
  const ui = site.settings.ui;
  return (
    <article className={`card ${cardStyles.card}`}>
      <img src={course.image} alt="" width={640} height={400} loading="lazy" className={cardStyles.image} />
      <div className={cardStyles.body}>
        <p className={`${cardStyles.kind} ${cardStyles.professional}`}>{site.settings.courseKinds.professional.name}</p>
        <Heading className={cardStyles.title}>{course.title}</Heading>
        <p className={cardStyles.duration} data-fact="weeks">
          <ClockIcon width={16} height={16} />
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
 * keeps; the script counts and hides what does not match.
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
  const ui = allUi.catalogue;
  const kinds = site.settings.courseKinds;
  const categories = useEntities('courseCategories', categoryIds);
  const courses = useEntities('courses');
  const derived = usePageContext().derived;
  const professional = includeProfessional ? (derived.professionalCourses ?? []) : [];
  const { values, set, clear, active, formRef } = useFormFilters(KEYS);
  const hydrated = useHydrated();
  const formId = useId();
  const KindHeading = useSubheadingTag();
  const CategoryHeading = useHeadingTagBelow(2);
  const courseHeading = (KindHeading === 'h2' ? 'h4' : 'h5') as 'h4' | 'h5';
  const professionalHeading = (KindHeading === 'h2' ? 'h3' : 'h4') as 'h3' | 'h4';

  const ranges = filters ? (priceRanges ?? []) : [];
  const rangesOf = (price: number) => ranges.flatMap((r, i) => (price >= r.min && (r.max === undefined || price <= r.max) ? [i] : []));
  const range = values.price === '' ? undefined : ranges[Number(values.price)];
  const priceFits = (price: number) => !range || (price >= range.min && (range.max === undefined || price <= range.max));
  const kindFits = (kind: string) => !values.kind || values.kind === kind;

  const groups = categories.map((category, index) => {
    const all = courses.filter((c) => c.category === category.id);
    const listed = limitPerCategory ? all.slice(0, limitPerCategory) : all;
    const fits = (c: Course) => kindFits('short') && (!values.category || values.category === category.id) && priceFits(c.price);
    return { category, index, all, listed, fits, shown: listed.filter(fits).length };
  });
  const professionalFits = (p: ProfessionalCourse) => kindFits('professional') && !values.category && priceFits(p.course.newPrice);
  const shortShown = groups.reduce((n, g) => n + g.shown, 0);
  const professionalShown = professional.filter(professionalFits).length;
  const shortAll = courses.filter((c) => categories.some((cat) => cat.id === c.category));

  const counted = [
    shortShown ? fillCount(kinds.short.count, shortShown) : '',
    professionalShown ? fillCount(kinds.professional.count, professionalShown) : '',
  ].filter(Boolean);
  const status = counted.length === 2 ? fill(ui.both, { first: counted[0]!, second: counted[1]! }) : (counted[0] ?? ui.none);

  const shortFigures = kindFigures(
    shortAll.map((c) => ({ price: c.price, listPrice: c.listPrice, weeks: c.durationWeeks })),
    allUi,
  );
  const professionalFigures = kindFigures(
    professional.map((p) => ({ price: p.course.newPrice, listPrice: p.course.oldPrice, weeks: p.course.durationWeeks })),
    allUi,
  );

  const kindHead = (kind: 'short' | 'professional', count: number, total: number, figures: { price: string; weeks: string }) => (
    <div className={styles.kindHead}>
      <KindHeading className={styles.kindTitle} id={`${formId}-${kind}`}>
        {kinds[kind].heading} <span className={styles.count}>({active ? count : total})</span>
      </KindHeading>
      <p className={styles.kindFigures}>
        <strong>{figures.price}</strong> · {figures.weeks}
      </p>
      <p className={styles.kindAbout}>{kinds[kind].about}</p>
    </div>
  );

  const select = (key: (typeof KEYS)[number], label: string, any: string, options: SelectOption[]) => (
    <FilterSelect id={`${formId}-${key}`} name={key} label={label} any={any} value={values[key]} onChange={(value) => set(key, value)} options={options} />
  );

  return (
    <SectionShell id={id} title={title} intro={intro}>
      <div className={styles.catalogue} data-ready={hydrated}>
        {filters ? (
          <>
            <form
              ref={formRef}
              id={`${formId}-form`}
              className={filterStyles.bar}
              aria-label={ui.filtersTitle}
              onSubmit={(e) => e.preventDefault()}
              onReset={(e) => {
                e.preventDefault();
                clear();
              }}
            >
              {professional.length
                ? select('kind', ui.kind, ui.anyKind, [
                    { value: 'short', label: kinds.short.heading },
                    { value: 'professional', label: kinds.professional.heading },
                  ])
                : null}
              {select(
                'category',
                ui.category,
                ui.allCategories,
                categories.map((c) => ({ value: c.id, label: c.title })),
              )}
              {ranges.length
                ? select(
                    'price',
                    ui.price,
                    ui.anyPrice,
                    ranges.map((r, i) => ({ value: String(i), label: r.label })),
                  )
                : null}
            </form>
            <div className={filterStyles.summary}>
              <p role="status" aria-live="polite" className={styles.status}>
                {status}
              </p>
              <button type="reset" form={`${formId}-form`} className={`button button--secondary button--small ${styles.clear}`} data-active={active}>
                {ui.clear}
              </button>
            </div>
            {professional.length ? (
              // Each kind's part of the list, a tap away: the professional courses come after all the short ones.
              <p className={styles.jumps}>
                <a href={`#${formId}-short`}>{kinds.short.heading}</a>
                <a href={`#${formId}-professional`}>{kinds.professional.heading}</a>
              </p>
            ) : null}
          </>
        ) : null}
        <section className={styles.group} data-kind="short" aria-labelledby={`${formId}-short`} hidden={shortShown === 0}>
          {kindHead('short', shortShown, shortAll.length, shortFigures)}
          {groups.map(({ category, index, all, listed, fits, shown }) => (
            <div key={category.id} className={styles.category} data-category={index} hidden={shown === 0}>
              <CategoryHeading className={styles.categoryTitle}>
                {category.title} <span className={styles.count}>({active ? shown : all.length})</span>
              </CategoryHeading>
              <ul className={styles.grid}>
                {listed.map((course) => (
                  <li key={course.id} className={styles.item} data-price={rangesOf(course.price).join(' ')} hidden={!fits(course)}>
                    <CourseCard course={course} enrollPage={enrollPage} headingTag={courseHeading} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
        {professional.length ? (
          <section className={styles.group} data-kind="professional" aria-labelledby={`${formId}-professional`} hidden={professionalShown === 0}>
            {kindHead('professional', professionalShown, professional.length, professionalFigures)}
            <ul className={styles.grid}>
              {professional.map((p) => (
                <li key={p.course.id} className={styles.item} data-price={rangesOf(p.course.newPrice).join(' ')} hidden={!professionalFits(p)}>
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
