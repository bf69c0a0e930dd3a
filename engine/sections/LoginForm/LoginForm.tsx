import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite } from '../../runtime/contexts.tsx';
import { useNavigate, useSearchParams } from '../../runtime/location.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { safeNextPath } from '../../shared/formRules.ts';
import type { LoginFormSection } from '../../types.ts';
import { AuthCard, LoggedInPanel, type Outcome } from '../../ui/AuthCard.tsx';
import { Field } from '../../ui/FormParts.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './LoginForm.module.css';

/**
 * Spec sections 5, 7, 8: both fields required; the server's message on failure; 'Login successful!' on success,
 * said on the page the visitor came from (?next=, where the browser goes straight back) or here with the way on. Someone already logged in is told who, not
 * shown the form again. 'Forgot password?' leads to the reset page.
 */
export default function LoginForm({ id, title, intro, signupLink, afterLogin }: LoginFormSection) {
  const { settings } = useSite();
  const ui = settings.ui.auth;
  const { user, setUser } = useAuth();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const asked = hydrated ? safeNextPath(params.get('next')) : undefined;
  const next = asked ?? afterLogin;
  const navigate = useNavigate();
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
    const result = await callApi('login', { email, password });
    setBusy(false);
    if (result.ok) {
      setUser(result.data.user);
      // Back to the page the log-in link was followed from, saying so there; the log-in page leaves the history.
      if (asked) navigate(asked, { replace: true, state: { flash: ui.loginSuccess } });
      else setOutcome({ kind: 'success', message: ui.loginSuccess });
    } else {
      // A refusal: the server's sentence (spec section 8). No answer, or one that could not be read: the spec's exception sentence.
      setOutcome({ kind: 'error', message: result.error === undefined ? (result.message ?? ui.loginFailed) : ui.loginError });
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
          <Field id={`${formId}-email`} label={ui.email} name="email" type="email" autoComplete="email" disabled={busy} />
          <Field id={`${formId}-password`} label={ui.password} name="password" type="password" autoComplete="current-password" disabled={busy} />
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
