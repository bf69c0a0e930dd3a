import { type FormEvent, useId, useState } from 'react';
import { signup } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite } from '../../runtime/contexts.tsx';
import { useNavigate, useSearchParams } from '../../runtime/location.ts';
import { forgetReferralCode, rememberedReferralCode } from '../../runtime/referralCode.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { safeNextPath } from '../../shared/formRules.ts';
import type { AuthResponse, SignupFormSection } from '../../types.ts';
import { AuthCard, LoggedInPanel, type Outcome } from '../../ui/AuthCard.tsx';
import { Field } from '../../ui/FormParts.tsx';
import { type SignupField as FieldName, type SignupProblems as Problems, signupProblems } from '../../ui/signupRules.ts';
import styles from './SignupForm.module.css';

/**
 * Sign-up: checks every field at once, sends the referral code the visitor
 * arrived with (?ref=, kept from any page of the site), and on success logs in
 * and goes to the account page, which offers the way back to where the visitor came from (?next=).
 * The registration number is kept in the request but not asked for (spec section 3).
 */
export default function SignupForm({ id, title, intro, loginLink }: SignupFormSection) {
  const { settings } = useSite();
  const ui = settings.ui.auth;
  const { user, setUser } = useAuth();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [created, setCreated] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      fullName: String(data.get('fullName') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
      confirmPassword: String(data.get('confirmPassword') ?? ''),
    };
    const found = signupProblems(ui, values);
    setProblems(found);
    const messages = [...new Set(Object.values(found))];
    if (messages.length) {
      setOutcome({ kind: 'error', message: messages.join(' ') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const ref = params.get('ref') ?? rememberedReferralCode();
      const response = await signup({ fullName: values.fullName, registrationNo: '', email: values.email, password: values.password, ...(ref ? { ref } : {}) });
      let body: { message?: unknown; user?: AuthResponse['user'] };
      try {
        body = JSON.parse(response.text) as typeof body;
      } catch {
        setOutcome({ kind: 'error', message: response.ok ? ui.parseFailed : ui.signupFailed });
        return;
      }
      if (!response.ok || !body.user) {
        const detail = typeof body.message === 'string' ? ` ${body.message}` : '';
        setOutcome({ kind: 'error', message: `${ui.signupFailed}.${detail}` });
        return;
      }
      forgetReferralCode();
      setCreated(true);
      setOutcome({ kind: 'success', message: ui.signupSuccess });
      setUser(body.user);
      // The new account is shown first (its referral link, what it will list); from there the way back to the page the
      // visitor came from, when that was another page.
      const back = safeNextPath(params.get('next'));
      const account = settings.accounts.accountPage;
      navigate(back && back !== account ? `${account}?next=${encodeURIComponent(back)}` : account, { state: { welcome: true } });
    } catch {
      setOutcome({ kind: 'error', message: ui.somethingWrong });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FieldName, label: string, type: 'text' | 'email' | 'password', autoComplete: string, hint?: string) => (
    <Field id={`${formId}-${name}`} label={label} name={name} type={type} autoComplete={autoComplete} hint={hint} error={problems[name]} disabled={busy} />
  );
  const messages = outcome?.kind === 'error' ? [...new Set(Object.values(problems))] : [];
  const loggedIn = hydrated && user && !created;
  return (
    <AuthCard
      id={id}
      title={title}
      intro={loggedIn ? undefined : intro}
      outcome={messages.length > 1 ? { kind: 'error', message: '' } : outcome}
      switchLink={loginLink}
      hideSwitch={Boolean(loggedIn)}
      outcomeContent={
        messages.length > 1 ? (
          <>
            {settings.ui.forms.problems}
            <ul className={styles.problems}>
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        ) : undefined
      }
    >
      {loggedIn ? (
        <LoggedInPanel name={user.fullName} email={user.email} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          {field('fullName', ui.fullName, 'text', 'name')}
          {field('email', ui.email, 'email', 'email')}
          {field('password', ui.password, 'password', 'new-password', ui.passwordHint)}
          {field('confirmPassword', ui.confirmPassword, 'password', 'new-password')}
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? ui.signingUp : ui.signup}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
