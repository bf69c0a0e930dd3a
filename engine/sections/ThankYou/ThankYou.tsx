import { useUi } from '../../runtime/contexts.tsx';
import { useLocation } from '../../runtime/location.ts';
import type { ThankYouState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import type { ThankYouSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import styles from './ThankYou.module.css';

/**
 * The thank-you page: names the course it was sent from (navigation state, so
 * only after hydration) and what happens next. Opened any other way, it says
 * that nothing was sent, rather than thanking anyone, and offers the catalogue.
 * As served (before the script), it says what the page is for, which is true either way.
 */
export default function ThankYou({ id, actions, catalogueLink }: ThankYouSection) {
  const ui = useUi().thankYou;
  const location = useLocation();
  const hydrated = useHydrated();
  const Heading = useHeadingTag();
  const state = hydrated ? (location.state as Partial<ThankYouState> | null) : null;
  const courseTitle = typeof state?.courseTitle === 'string' && state.courseTitle ? state.courseTitle : undefined;
  const next = state?.acknowledged ? ui.mailed : ui.notMailed;
  return (
    <section id={id} className={`section ${styles.thanks}`}>
      <div className="container">
        {!hydrated ? (
          // Served before the script knows what was sent (navigation state): words that are true either way.
          <div className={`card ${styles.card}`}>
            <Heading>{ui.pendingTitle}</Heading>
            <p className={styles.text} data-fact="thankYouMessage">
              {ui.pendingText}
            </p>
            <div className={styles.actions}>
              <ActionLink action={catalogueLink} />
            </div>
          </div>
        ) : courseTitle ? (
          <div className={`card ${styles.card}`}>
            <div className={styles.tick} aria-hidden="true">
              ✓
            </div>
            <Heading>{ui.title}</Heading>
            <p className={styles.text} data-fact="thankYouMessage">
              {fill(ui.withCourse, { course: courseTitle })}
            </p>
            {state?.reference && state.email ? <p className={styles.next}>{fill(next, { email: state.email, reference: state.reference })}</p> : null}
            <div className={styles.actions}>
              {actions.map((action) => (
                <ActionLink key={action.label} action={action} />
              ))}
            </div>
          </div>
        ) : (
          <div className={`card ${styles.card}`}>
            <Heading>{ui.nothingTitle}</Heading>
            <p className={styles.text} data-fact="thankYouMessage">
              {ui.nothingText}
            </p>
            <div className={styles.actions}>
              <ActionLink action={catalogueLink} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
