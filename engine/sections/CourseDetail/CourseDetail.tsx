import { useEntity, usePageContext, useSite, useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { discountPercent, formatRupees } from '../../shared/money.ts';
import type { CourseDetail as CourseDetailData, CourseDetailSection } from '../../types.ts';
import { applyTargetOf } from '../../ui/applyTarget.ts';
import { FaqList } from '../../ui/FaqList.tsx';
import { ClockIcon } from '../../ui/icons.tsx';
import { NestedSections, SectionShell, useHeadingTag, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { SyllabusAccordion } from '../../ui/SyllabusAccordion.tsx';
import { TestimonialCard } from '../../ui/TestimonialCard.tsx';
import { TextList } from '../../ui/TextList.tsx';
import styles from './CourseDetail.module.css';

/** A course page. Its content comes from data/courseDetails, with the page's courseDetails override merged in when the page was built. */
export default function CourseDetail({ id, courseId }: CourseDetailSection) {
  const course = useEntity('courseDetails', courseId);
  const site = useSite();
  const other = usePageContext().derived.otherKind;
  const ui = site.settings.ui.course;
  const Heading = useHeadingTag();
  const Sub = useSubheadingTag();
  if (!course) return null;
  const discount = discountPercent(course.oldPrice, course.newPrice);
  // Without an address of its own, Apply Now is the site's application for the course.
  const target = applyTargetOf(site.landmarks.apply, course.apply, { kind: 'course', id: course.id }, /^(https?:|mailto:)/.test(course.apply ?? ''));
  const apply = target ? (
    <SmartLink href={target.href} newTab={target.newTab} className="button button--accent">
      {course.applyLabel ?? ui.apply}
      <span className="sr-only">: {course.title}</span>
    </SmartLink>
  ) : null;
  // Beside Apply, the way to pay with UPI, unless content says the course is paid only once an application is accepted.
  const pay = course.paymentAfterApplication ? null : (
    <SmartLink href={`${site.settings.payments.payPage}?for=course:${encodeURIComponent(course.id)}`} className="button button--secondary">
      {fill(site.settings.ui.payments.makeOrder, { amount: formatRupees(course.newPrice) })}
      <span className="sr-only">: {course.title}</span>
    </SmartLink>
  );
  return (
    <>
      <section id={id} className={styles.hero}>
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <p className={styles.kind} data-kind={course.kind}>
              {site.settings.courseKinds[course.kind].name}
            </p>
            <Heading className={styles.title}>{course.title}</Heading>
            <p className={styles.kindAbout}>
              {site.settings.courseKinds[course.kind].about}
              {other ? (
                <>
                  {' '}
                  <SmartLink href={other.path}>
                    {fill(other.kind === 'short' ? ui.alsoShort : ui.alsoProfessional, {
                      title: other.title,
                      price: formatRupees(other.price),
                      weeks: fill(ui.weeks, { count: other.weeks }),
                    })}
                  </SmartLink>
                </>
              ) : null}
            </p>
            <Sub className={styles.aboutTitle}>{ui.aboutTitle}</Sub>
            <p className={styles.about}>{course.description}</p>
            <dl className={styles.facts}>
              <div>
                <dt>{ui.duration}</dt>
                <dd data-fact="duration">
                  <ClockIcon width={18} height={18} />
                  {fill(ui.weeks, { count: course.durationWeeks })}
                </dd>
              </div>
              {course.weeklyClassHours ? (
                <div>
                  <dt className="sr-only">{ui.duration}</dt>
                  <dd data-fact="weeklyHours">{fill(ui.weeklyHours, { count: course.weeklyClassHours })}</dd>
                </div>
              ) : null}
              <div>
                <dt>{ui.hours}</dt>
                <dd data-fact="hours">{course.totalHours}</dd>
              </div>
              {course.projects ? (
                <div>
                  <dt>{ui.projects}</dt>
                  <dd data-fact="projects">{course.projects}</dd>
                </div>
              ) : null}
              {course.caseStudies ? (
                <div>
                  <dt>{ui.caseStudies}</dt>
                  <dd data-fact="caseStudies">{course.caseStudies}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          <aside className={`card ${styles.offer}`} aria-label={ui.specialOffer}>
            <img src={course.image} alt="" width={640} height={400} className={styles.image} fetchPriority="high" />
            <div className={styles.offerBody}>
              <p className={styles.badge}>
                <span>{ui.specialOffer}</span>
                <strong data-fact="discount">{fill(ui.discount, { percent: discount })}</strong>
              </p>
              <p className={styles.prices}>
                <span className="sr-only">{ui.newPrice}: </span>
                <strong data-fact="newPrice">{formatRupees(course.newPrice)}</strong> <span className="sr-only">{ui.oldPrice}: </span>
                <s data-fact="oldPrice">{formatRupees(course.oldPrice)}</s>
              </p>
              <p className={styles.actions}>
                {apply}
                {pay}
              </p>
              <ul className={`check-list ${styles.perks}`}>
                {ui.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
            </div>
          </aside>
        </div>
      </section>
      <NestedSections>
        <SectionShell title={ui.instructorTitle} tone="alt">
          <div className={`card ${styles.instructor}`}>
            <img src={course.instructor.image} alt="" width={96} height={96} className={styles.avatar} loading="lazy" />
            <div>
              <p className={styles.instructorName}>{course.instructor.name}</p>
              <p className={styles.bio}>{course.instructor.bio}</p>
            </div>
          </div>
        </SectionShell>
        {course.highlights?.length ? (
          <SectionShell title={ui.highlightsTitle}>
            <TextList items={course.highlights} className={`check-list ${styles.twoColumns}`} />
          </SectionShell>
        ) : null}
        <CourseContent course={course} />
        <SectionShell title={ui.benefitsTitle}>
          <TextList items={course.benefits} className={`check-list ${styles.twoColumns}`} />
        </SectionShell>
        {course.testimonials.length ? (
          <SectionShell title={ui.testimonialsTitle} tone="alt">
            <ul className={`grid grid--3 ${styles.plainList}`}>
              {course.testimonials.map((t) => (
                <li key={t.name} style={{ display: 'flex' }}>
                  <TestimonialCard name={t.name} quote={t.review} rating={t.rating} />
                </li>
              ))}
            </ul>
          </SectionShell>
        ) : null}
        {course.faqs.length ? (
          <SectionShell title={ui.faqsTitle}>
            <FaqList items={course.faqs} />
          </SectionShell>
        ) : null}
        <section className={styles.cta}>
          <div className="container">
            <p className={styles.ctaText}>
              <strong>{course.title}</strong> · {fill(ui.weeks, { count: course.durationWeeks })} · {formatRupees(course.newPrice)}
            </p>
            {apply}
          </div>
        </section>
      </NestedSections>
    </>
  );
}

function CourseContent({ course }: { course: CourseDetailData }) {
  const ui = useUi().course;
  return (
    <SectionShell title={ui.contentTitle} tone="tint">
      <SyllabusAccordion modules={course.syllabus} details={course.moduleDetails} moduleLabel={(n) => fill(ui.moduleLabel, { number: n })} />
    </SectionShell>
  );
}
