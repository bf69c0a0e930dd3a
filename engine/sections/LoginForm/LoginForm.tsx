import { type FormEvent, useId, useState } from 'react';
import { login } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useUi } from '../../runtime/contexts.tsx';
import type { LoginFormSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from '../../ui/AuthCard.module.css';

type Outcome = { kind: 'error' | 'success'; message: string } | null;

/** Spec sections 5, 7, 8: both fields required; the server's message on failure; 'Login successful!' on success. */
export default function LoginForm({ id, title, intro, signupLink, afterLogin }: LoginFormSection) {
  const allUi = useUi();
  const ui = allUi.auth;
  const { setUser } = useAuth();
  const Heading = useHeadingTag();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) {
      setOutcome({ kind: 'error', message: ui.bothRequired });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const result = await login({ email, password });
      if (result.ok) {
        setUser(result.data.user);
        setOutcome({ kind: 'success', message: ui.loginSuccess });
      } else {
        setOutcome({ kind: 'error', message: result.message ?? ui.loginFailed });
      }
    } catch {
      setOutcome({ kind: 'error', message: ui.loginError });
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
          {outcome?.kind === 'success' ? (
            <p>
              <SmartLink href={afterLogin} className="button button--block">{allUi.errorPage.home}</SmartLink>
            </p>
          ) : (
            <form onSubmit={onSubmit} noValidate aria-busy={busy}>
              <div className="field">
                <label htmlFor={`${formId}-email`}>{ui.email}</label>
                <input id={`${formId}-email`} name="email" type="email" autoComplete="email" className="input" disabled={busy} />
              </div>
              <div className="field">
                <label htmlFor={`${formId}-password`}>{ui.password}</label>
                <input id={`${formId}-password`} name="password" type="password" autoComplete="current-password" className="input" disabled={busy} />
              </div>
              <button type="submit" className="button button--block" disabled={busy}>{busy ? ui.loggingIn : ui.login}</button>
            </form>
          )}
          <p className={styles.switch}>
            <ActionLink action={signupLink} small />
          </p>
        </div>
      </div>
    </section>
  );
}
