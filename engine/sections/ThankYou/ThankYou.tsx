import { useLocation } from 'react-router-dom';
import { useUi } from '../../runtime/contexts.tsx';
import type { ThankYouState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import type { ThankYouSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import styles from './ThankYou.module.css';

/** The thank-you page: names the course it was sent from (navigation state, so only after hydration). */
export default function ThankYou({ id, actions }: ThankYouSection) {
  const ui = useUi().thankYou;
  const location = useLocation();
  const hydrated = useHydrated();
  const Heading = useHeadingTag();
  const courseTitle = hydrated ? (location.state as Partial<ThankYouState> | null)?.courseTitle : undefined;
  return (
    <section id={id} className={`section ${styles.thanks}`}>
      <div className="container">
        <div className={`card ${styles.card}`}>
          <div className={styles.tick} aria-hidden="true">
            ✓
          </div>
          <Heading>{ui.title}</Heading>
          <p className={styles.text} data-fact="thankYouMessage">
            {typeof courseTitle === 'string' && courseTitle ? fill(ui.withCourse, { course: courseTitle }) : ui.withoutCourse}
          </p>
          <div className={styles.actions}>
            {actions.map((action) => (
              <ActionLink key={action.label} action={action} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
