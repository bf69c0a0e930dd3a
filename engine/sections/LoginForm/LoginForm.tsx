import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { login } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite } from '../../runtime/contexts.tsx';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { safeNextPath } from '../../shared/formRules.ts';
import type { LoginFormSection } from '../../types.ts';
import { AuthCard, AuthField, LoggedInPanel, type Outcome } from '../../ui/AuthCard.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './LoginForm.module.css';

/**
 * Spec sections 5, 7, 8: both fields required; the server's message on failure; 'Login successful!' on success,
 * then the way back to the page the visitor came from (?next=) or on. Someone already logged in is told who, not
 * shown the form again. 'Forgot password?' leads to the reset page.
 */
export default function LoginForm({ id, title, intro, signupLink, afterLogin }: LoginFormSection) {
  const { settings } = useSite();
  const ui = settings.ui.auth;
  const { user, setUser } = useAuth();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const next = (hydrated ? safeNextPath(params.get('next')) : undefined) ?? afterLogin;
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

  let body: ReactNode;
  if (outcome?.kind === 'success')
    body = (
      <p>
        <SmartLink href={next} className="button button--block">
          {next === settings.accounts.accountPage ? ui.goToAccount : ui.continue}
        </SmartLink>
      </p>
    );
  else if (user) body = <LoggedInPanel name={user.fullName} email={user.email} />;
  else
    body = (
      <>
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <AuthField formId={formId} name="email" label={ui.email} type="email" autoComplete="email" disabled={busy} />
          <AuthField formId={formId} name="password" label={ui.password} type="password" autoComplete="current-password" disabled={busy} />
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? ui.loggingIn : ui.login}
          </button>
        </form>
        <p className={styles.forgot}>
          <SmartLink href={settings.accounts.passwordResetPage}>{ui.forgotPassword}</SmartLink>
        </p>
      </>
    );
  return (
    <AuthCard id={id} title={title} intro={user && !outcome ? undefined : intro} outcome={outcome} switchLink={signupLink} hideSwitch={Boolean(user)}>
      {body}
    </AuthCard>
  );
}
