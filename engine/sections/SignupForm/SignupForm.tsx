import { type FormEvent, useId, useState } from 'react';
import { signup } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import type { SignupFormSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import styles from '../../ui/AuthCard.module.css';

/** The same e-mail check as the server's: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;

type Outcome = { kind: 'error' | 'success'; message: string } | null;

/**
 * Spec section 5, checked in this order: every field filled, a well-formed
 * e-mail, a password of at least 6 characters, and a matching confirmation.
 * The registration number is kept in the request but not asked for (spec section 3).
 */
export default function SignupForm({ id, title, intro, loginLink }: SignupFormSection) {
  const ui = useUi().auth;
  const Heading = useHeadingTag();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const validate = (fullName: string, email: string, password: string, confirm: string): string | null => {
    if (!fullName || !email || !password || !confirm) return ui.allFields;
    if (!EMAIL_PATTERN.test(email)) return ui.invalidEmail;
    if (password.length < MIN_PASSWORD_LENGTH) return ui.shortPassword;
    if (password !== confirm) return ui.mismatch;
    return null;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fullName = String(data.get('fullName') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirmPassword') ?? '');
    const problem = validate(fullName, email, password, confirm);
    if (problem) {
      setOutcome({ kind: 'error', message: problem });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const response = await signup({ fullName, registrationNo: '', email, password });
      let body: { message?: unknown };
      try {
        body = JSON.parse(response.text) as { message?: unknown };
      } catch {
        setOutcome({ kind: 'error', message: response.ok ? ui.parseFailed : ui.signupFailed });
        return;
      }
      if (!response.ok) {
        const detail = typeof body.message === 'string' ? ` ${body.message}` : '';
        setOutcome({ kind: 'error', message: `${ui.signupFailed}.${detail}` });
        return;
      }
      setOutcome({ kind: 'success', message: ui.signupSuccess });
      form.reset();
    } catch {
      setOutcome({ kind: 'error', message: ui.somethingWrong });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <div className={`card ${styles.card}`}>
          <Heading className={styles.title}>{title}</Heading>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          <p role="alert" className={outcome ? `alert alert--${outcome.kind} ${styles.message}` : 'sr-only'}>
            {outcome?.message}
          </p>
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <div className="field">
              <label htmlFor={`${formId}-name`}>{ui.fullName}</label>
              <input id={`${formId}-name`} name="fullName" type="text" autoComplete="name" className="input" disabled={busy} />
            </div>
            <div className="field">
              <label htmlFor={`${formId}-email`}>{ui.email}</label>
              <input id={`${formId}-email`} name="email" type="email" autoComplete="email" className="input" disabled={busy} />
            </div>
            <div className="field">
              <label htmlFor={`${formId}-password`}>{ui.password}</label>
              <input id={`${formId}-password`} name="password" type="password" autoComplete="new-password" className="input" aria-describedby={`${formId}-hint`} disabled={busy} />
              <span id={`${formId}-hint`} className={styles.hint}>{ui.passwordHint}</span>
            </div>
            <div className="field">
              <label htmlFor={`${formId}-confirm`}>{ui.confirmPassword}</label>
              <input id={`${formId}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" className="input" disabled={busy} />
            </div>
            <button type="submit" className="button button--block" disabled={busy}>{busy ? ui.signingUp : ui.signup}</button>
          </form>
          <p className={styles.switch}>
            <ActionLink action={loginLink} small />
          </p>
        </div>
      </div>
    </section>
  );
}
