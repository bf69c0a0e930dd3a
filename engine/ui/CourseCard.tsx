import { useSite } from '../runtime/contexts.tsx';
import type { EnrollmentState } from '../runtime/navigationState.ts';
import { fill } from '../runtime/text.ts';
import { formatRupees } from '../shared/money.ts';
import type { Course } from '../types.ts';
import styles from './CourseCard.module.css';
import icons from './FactIcons.module.css';
import { SmartLink } from './SmartLink.tsx';

/**
 * A catalogue course: its kind (a short course), picture, title, weeks, ₹899 with the list price struck through, and Enroll
 * Now with the course id in navigation state (the spec's way) and in the address (?course=), so the enrolment page can be
 * bookmarked and shared.
 */
export function CourseCard({ course, enrollPage, headingTag: Heading = 'h3' }: { course: Course; enrollPage: string; headingTag?: 'h2' | 'h3' | 'h4' | 'h5' }) {
  const { settings } = useSite();
  const ui = settings.ui.course;
  const state: EnrollmentState = { courseId: course.id };
  return (
    <article className={`card ${styles.card}`}>
      <img src={course.image} alt="" width={640} height={400} loading="lazy" className={styles.image} />
      <div className={styles.body}>
        <p className={styles.kind}>{settings.courseKinds.short.name}</p>
        <Heading className={styles.title}>{course.title}</Heading>
        {course.detailPage ? (
          <SmartLink href={course.detailPage} className={styles.details}>
            {ui.details}
            <span className="sr-only">: {course.title}</span>
          </SmartLink>
        ) : null}
        <p className={`${styles.duration} ${icons.icon} ${icons.clock}`} data-fact="weeks">
          {fill(ui.weeks, { count: course.durationWeeks })}
        </p>
        <p className={styles.price}>
          <span className="sr-only">{ui.newPrice}: </span>
          <strong>{formatRupees(course.price)}</strong> <span className="sr-only">{ui.oldPrice}: </span>
          <s>{formatRupees(course.listPrice)}</s>
        </p>
        <SmartLink href={`${enrollPage}?course=${course.id}`} state={state} className={`button button--small ${styles.enroll}`}>
          {ui.enroll}
          <span className="sr-only">: {course.title}</span>
        </SmartLink>
      </div>
    </article>
  );
}
