import type { ReactNode } from 'react';
import type { Action } from '../types.ts';
import { ActionLink } from './ActionLink.tsx';
import styles from './AuthCard.module.css';
import { useHeadingTag } from './SectionShell.tsx';

export type Outcome = { kind: 'error' | 'success'; message: string } | null;

interface AuthCardProps {
  id?: string | undefined;
  title: string;
  intro?: string | undefined;
  /** The last answer, read out by screen readers as it appears. */
  outcome: Outcome;
  /** The link to the other form (log-in ↔ sign-up). */
  switchLink: Action;
  children: ReactNode;
}

/** The card that holds the log-in and sign-up forms: title, intro, the announced outcome, the form, the other form's link. */
export function AuthCard({ id, title, intro, outcome, switchLink, children }: AuthCardProps) {
  const Heading = useHeadingTag();
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <div className={`card ${styles.card}`}>
          <Heading className={styles.title}>{title}</Heading>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          <p role="alert" className={outcome ? `alert alert--${outcome.kind} ${styles.message}` : 'sr-only'}>
            {outcome?.message}
          </p>
          {children}
          <p className={styles.switch}>
            <ActionLink action={switchLink} small />
          </p>
        </div>
      </div>
    </section>
  );
}

interface AuthFieldProps {
  /** The form's id prefix (from useId), so each input's id is unique on the page. */
  formId: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  disabled: boolean;
  /** A hint shown under the field and read with it. */
  hint?: string | undefined;
}

/** One labelled input of the log-in or sign-up form. */
export function AuthField({ formId, name, label, type, autoComplete, disabled, hint }: AuthFieldProps) {
  const inputId = `${formId}-${name}`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className="input"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        disabled={disabled}
      />
      {hint ? (
        <span id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
