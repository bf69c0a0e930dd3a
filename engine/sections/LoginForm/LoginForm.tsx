import { type FormEvent, useId, useState } from 'react';
import { login } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useUi } from '../../runtime/contexts.tsx';
import type { LoginFormSection } from '../../types.ts';
import { AuthCard, AuthField, type Outcome } from '../../ui/AuthCard.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';

/** Spec sections 5, 7, 8: both fields required; the server's message on failure; 'Login successful!' on success. */
export default function LoginForm({ id, title, intro, signupLink, afterLogin }: LoginFormSection) {
  const allUi = useUi();
  const ui = allUi.auth;
  const { setUser } = useAuth();
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
    <AuthCard id={id} title={title} intro={intro} outcome={outcome} switchLink={signupLink}>
      {outcome?.kind === 'success' ? (
        <p>
          <SmartLink href={afterLogin} className="button button--block">
            {allUi.errorPage.home}
          </SmartLink>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <AuthField formId={formId} name="email" label={ui.email} type="email" autoComplete="email" disabled={busy} />
          <AuthField formId={formId} name="password" label={ui.password} type="password" autoComplete="current-password" disabled={busy} />
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? ui.loggingIn : ui.login}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
