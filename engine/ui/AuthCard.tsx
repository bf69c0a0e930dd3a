import type { ReactNode } from 'react';
import { useAuth } from '../runtime/auth.tsx';
import { useSite } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import type { Action } from '../types.ts';
import { ActionLink } from './ActionLink.tsx';
import styles from './AuthCard.module.css';
import { useHeadingTag } from './SectionShell.tsx';
import { SmartLink } from './SmartLink.tsx';

export type Outcome = { kind: 'error' | 'success'; message: string } | null;

interface AuthCardProps {
  id?: string | undefined;
  title: string;
  intro?: string | undefined;
  /** The last answer, read out by screen readers as it appears. */
  outcome: Outcome;
  /** The link to the other form (log-in ↔ sign-up). */
  switchLink: Action;
  /** Leaves the link out (someone logged in needs neither form). */
  hideSwitch?: boolean;
  /** Said in place of the outcome's message, when it is more than one sentence (a list of problems). */
  outcomeContent?: ReactNode;
  children: ReactNode;
}

/** The card that holds the log-in and sign-up forms: title, intro, the announced outcome, the form, the other form's link. */
export function AuthCard({ id, title, intro, outcome, switchLink, hideSwitch, outcomeContent, children }: AuthCardProps) {
  const Heading = useHeadingTag();
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <div className={`card ${styles.card}`}>
          <Heading className={styles.title}>{title}</Heading>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          <div role="alert" className={outcome ? `alert alert--${outcome.kind} ${styles.message}` : 'sr-only'}>
            {outcomeContent ?? outcome?.message}
          </div>
          {children}
          {hideSwitch ? null : (
            <p className={styles.switch}>
              <ActionLink action={switchLink} small />
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/** On the log-in and sign-up pages for someone already logged in: who, and the way to their account or out. */
export function LoggedInPanel({ name, email }: { name: string; email: string }) {
  const { settings } = useSite();
  const { logout } = useAuth();
  const ui = settings.ui.auth;
  return (
    <div className={styles.loggedIn}>
      <p>{fill(ui.loggedInAs, { name, email })}</p>
      <p className={styles.buttons}>
        <SmartLink href={settings.accounts.accountPage} className="button">
          {ui.goToAccount}
        </SmartLink>
        <button type="button" className="button button--secondary" onClick={() => void logout()}>
          {ui.logout}
        </button>
      </p>
    </div>
  );
}
