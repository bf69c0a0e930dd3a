import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useAuth } from '../../runtime/auth.tsx';
import { useEntities, useSite } from '../../runtime/contexts.tsx';
import { useLocation, useNavigate, useSearchParams } from '../../runtime/location.ts';
import type { EnrollmentState, ThankYouState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { formatRupees } from '../../shared/money.ts';
import type { EnrollmentFormSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { Field, SendFailure } from '../../ui/FormParts.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SendButton } from '../../ui/SendButton.tsx';
import { encodePath, SmartLink } from '../../ui/SmartLink.tsx';
import { usePrefill } from '../../ui/usePrefill.ts';
import { useSubmission } from '../../ui/useSubmission.ts';
import styles from './EnrollmentForm.module.css';

/** The course chosen with Enroll Now: in navigation state (the spec's way), or in the address (?course=12) of a bookmark or shared link. */
function courseIdFrom(state: unknown, fromAddress: string | null): number | undefined {
  const id = (state as Partial<EnrollmentState> | null)?.courseId;
  if (typeof id === 'number') return id;
  return fromAddress && /^\d{1,6}$/.test(fromAddress) ? Number(fromAddress) : undefined;
}

/**
 * The course enrollment page. The course comes in navigation state from Enroll
 * Now or in the address, which only the browser knows, so the prerendered page
 * shows a neutral "finding your course" line until hydration. The enrolment is
 * sent to our server and stored before anything thanks the student; a failed
 * send keeps what was typed and offers to try again.
 */
export default function EnrollmentForm({ id, title, catalogueLink, courseId: fixedCourseId, thankYouPage }: EnrollmentFormSection) {
  const { settings } = useSite();
  const allUi = settings.ui;
  const ui = allUi.enrollment;
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const courses = useEntities('courses');
  const { user } = useAuth();
  const { submission, send } = useSubmission('enrolment');
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sentTo = useRef('');
  const formId = useId();
  const Sub = useSubheadingTag();
  const navigate = useNavigate();
  // A page about one course names it; otherwise the course comes from Enroll Now or the address (known only after hydration).
  const courseId = fixedCourseId ?? (hydrated ? courseIdFrom(location.state, params.get('course')) : undefined);
  const course = courseId === undefined ? undefined : courses.find((c) => c.id === courseId);
  const done = submission.state === 'done' ? submission.data : undefined;

  useEffect(() => {
    if (done && !thankYouPage) thanksRef.current?.focus();
  }, [done, thankYouPage]);

  usePrefill(formRef);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!course) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    sentTo.current = email;
    const answer = await send({
      name: String(data.get('name') ?? '').trim(),
      email,
      phone: String(data.get('phone') ?? '').trim(),
      courseId: course.id,
    });
    if (answer && thankYouPage) {
      const state: ThankYouState = { courseTitle: course.title, reference: answer.reference, email, acknowledged: answer.acknowledged };
      navigate(encodePath(thankYouPage), { state });
    }
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
  } else if (done && !thankYouPage) {
    body = (
      <div className={`card ${styles.panel}`}>
        <Sub ref={thanksRef} tabIndex={-1} className={styles.thanks}>
          {fill(ui.thankYou, { course: course.title })}
        </Sub>
        <p className={styles.muted}>{fill(done.acknowledged ? ui.thankYouText : ui.thankYouNotMailed, { reference: done.reference, email: sentTo.current })}</p>
        <p className={styles.actions}>
          {user ? (
            <SmartLink href={settings.accounts.accountPage} className="button">
              {ui.inAccount}
            </SmartLink>
          ) : null}
          <ActionLink action={catalogueLink} />
        </p>
      </div>
    );
  }
  const sending = submission.state === 'sending';
  return (
    <SectionShell id={id} title={title} tone="tint">
      {body ?? null}
      {/* The form stays in the page (hidden once thanked) so what was typed is kept, and named, until the answer comes. */}
      {course && (hydrated || fixedCourseId !== undefined) ? (
        <div className={styles.layout} hidden={Boolean(done) && !thankYouPage}>
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
          <form ref={formRef} className={`card ${styles.panel}`} onSubmit={onSubmit} aria-busy={sending}>
            <Field id={`${formId}-name`} label={ui.name} name="name" type="text" required maxLength={100} autoComplete="name" />
            <Field id={`${formId}-email`} label={ui.email} name="email" type="email" required maxLength={254} autoComplete="email" />
            <Field id={`${formId}-phone`} label={ui.phone} name="phone" type="tel" required maxLength={30} autoComplete="tel" />
            <SendFailure submission={submission} />
            <SendButton submission={submission} label={ui.submit} sendingLabel={ui.sending} className="button button--block" />
          </form>
        </div>
      ) : null}
    </SectionShell>
  );
}
