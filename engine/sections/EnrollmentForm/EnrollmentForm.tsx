import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useEntities, useUi } from '../../runtime/contexts.tsx';
import type { EnrollmentState, ThankYouState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatRupees } from '../../shared/money.ts';
import type { EnrollmentFormSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { encodePath } from '../../ui/SmartLink.tsx';
import styles from './EnrollmentForm.module.css';

function courseIdFrom(state: unknown): number | undefined {
  const id = (state as Partial<EnrollmentState> | null)?.courseId;
  return typeof id === 'number' ? id : undefined;
}

/**
 * The course enrollment page. The course comes in navigation state from Enroll
 * Now, which only the browser knows, so the prerendered page shows a neutral
 * "finding your course" line until hydration.
 */
export default function EnrollmentForm({ id, title, catalogueLink, courseId: fixedCourseId, thankYouPage }: EnrollmentFormSection) {
  const allUi = useUi();
  const ui = allUi.enrollment;
  const location = useLocation();
  const hydrated = useHydrated();
  const courses = useEntities('courses');
  const [submitted, setSubmitted] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  const Sub = useSubheadingTag();
  const navigate = useNavigate();
  // A page about one course names it; otherwise the course comes from Enroll Now (known only after hydration).
  const courseId = fixedCourseId ?? courseIdFrom(location.state);
  const course = courseId === undefined ? undefined : courses.find((c) => c.id === courseId);

  useEffect(() => {
    if (submitted) thanksRef.current?.focus();
  }, [submitted]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (thankYouPage && course) {
      const state: ThankYouState = { courseTitle: course.title };
      navigate(encodePath(thankYouPage), { state });
      return;
    }
    setSubmitted(true);
  };

  let body: ReactNode;
  if (!hydrated && fixedCourseId === undefined) {
    body = <p className={styles.muted}>{ui.loading}</p>;
  } else if (!course) {
    body = (
      <div className={`card ${styles.panel}`} role="alert">
        <Sub className={styles.notFound}>{ui.notFound}</Sub>
        <p className={styles.muted}>{ui.notFoundHelp}</p>
        <ActionLink action={catalogueLink} />
      </div>
    );
  } else if (submitted) {
    body = (
      <div className={`card ${styles.panel}`}>
        <Sub ref={thanksRef} tabIndex={-1} className={styles.thanks}>
          {fill(ui.thankYou, { course: course.title })}
        </Sub>
        <p className={styles.muted}>{ui.thankYouText}</p>
        <ActionLink action={catalogueLink} />
      </div>
    );
  } else {
    body = (
      <div className={styles.layout}>
        <div className={`card ${styles.summary}`}>
          <img src={course.image} alt="" width={640} height={400} className={styles.image} />
          <div className={styles.summaryBody}>
            <Sub className={styles.courseTitle}>{course.title}</Sub>
            <dl className={styles.facts}>
              <div>
                <dt>{ui.duration}</dt>
                <dd>{fill(allUi.course.weeks, { count: course.durationWeeks })}</dd>
              </div>
              <div>
                <dt>{ui.price}</dt>
                <dd>
                  <strong>{formatRupees(course.price)}</strong> <span className="sr-only">{allUi.course.oldPrice}: </span>
                  <s>{formatRupees(course.listPrice)}</s>
                </dd>
              </div>
            </dl>
          </div>
        </div>
        <form className={`card ${styles.panel}`} onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${formId}-name`}>{ui.name}</label>
            <input id={`${formId}-name`} name="name" type="text" required autoComplete="name" className="input" />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-email`}>{ui.email}</label>
            <input id={`${formId}-email`} name="email" type="email" required autoComplete="email" className="input" />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-phone`}>{ui.phone}</label>
            <input id={`${formId}-phone`} name="phone" type="tel" required autoComplete="tel" className="input" />
          </div>
          <button type="submit" className="button button--block">
            {ui.submit}
          </button>
        </form>
      </div>
    );
  }
  return (
    <SectionShell id={id} title={title} tone="tint">
      {body}
    </SectionShell>
  );
}
