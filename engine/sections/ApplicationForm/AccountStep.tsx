import { type FormEvent, useId, useState } from 'react';
import { callApi, signup } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite, useUi } from '../../runtime/contexts.tsx';
import { forgetReferralCode, rememberedReferralCode } from '../../runtime/referralCode.ts';
import { fill } from '../../runtime/text.ts';
import type { AuthResponse } from '../../types.ts';
import { Field } from '../../ui/FormParts.tsx';
import { useHeadingTagBelow } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { type SignupField, type SignupProblems, signupProblems } from '../../ui/signupRules.ts';
import styles from './ApplicationForm.module.css';

type Said = { kind: 'error' | 'success'; message: string } | null;

/**
 * Sign-up or log-in in the middle of an application, without leaving it: the answers above stay where they are (and
 * in this tab's storage), and once the server says who she is the form sends as her. The same checks and the same
 * words as the log-in and sign-up pages.
 */
export function AccountStep({ onReady }: { onReady: (said: string) => void }) {
  const { settings } = useSite();
  const words = useUi().applications.form;
  const auth = settings.ui.auth;
  const { setUser } = useAuth();
  const Heading = useHeadingTagBelow(1);
  const formId = useId();
  const [mode, setMode] = useState<'signup' | 'login'>('signup');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const [problems, setProblems] = useState<SignupProblems>({});

  const done = (user: AuthResponse['user'], message: string) => {
    setUser(user);
    onReady(message);
  };

  const onSignup = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      (['fullName', 'email', 'password', 'confirmPassword'] as const).map((name) => [name, String(data.get(name) ?? '')]),
    ) as Record<SignupField, string>;
    values.fullName = values.fullName.trim();
    values.email = values.email.trim();
    const found = signupProblems(auth, values);
    setProblems(found);
    if (Object.keys(found).length) {
      setSaid({ kind: 'error', message: [...new Set(Object.values(found))].join(' ') });
      return;
    }
    setBusy(true);
    setSaid(null);
    try {
      const ref = rememberedReferralCode();
      const response = await signup({ fullName: values.fullName, registrationNo: '', email: values.email, password: values.password, ...(ref ? { ref } : {}) });
      let body: { message?: unknown; user?: AuthResponse['user'] };
      try {
        body = JSON.parse(response.text) as typeof body;
      } catch {
        setSaid({ kind: 'error', message: response.ok ? auth.parseFailed : auth.signupFailed });
        return;
      }
      if (!response.ok || !body.user) {
        setSaid({ kind: 'error', message: `${auth.signupFailed}.${typeof body.message === 'string' ? ` ${body.message}` : ''}` });
        return;
      }
      forgetReferralCode();
      done(body.user, fill(words.accountReady, { email: body.user.email }));
    } catch {
      setSaid({ kind: 'error', message: auth.somethingWrong });
    } finally {
      setBusy(false);
    }
  };

  const onLogin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) {
      setSaid({ kind: 'error', message: auth.bothRequired });
      return;
    }
    setBusy(true);
    setSaid(null);
    const result = await callApi('login', { email, password });
    setBusy(false);
    if (result.ok) done(result.data.user, fill(words.loggedIn, { name: result.data.user.fullName }));
    else setSaid({ kind: 'error', message: result.error === undefined ? (result.message ?? auth.loginFailed) : auth.loginError });
  };

  const field = (name: SignupField, label: string, type: 'text' | 'email' | 'password', autoComplete: string, hint?: string) => (
    <Field
      id={`${formId}-${name}`}
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      hint={hint}
      error={mode === 'signup' ? problems[name] : undefined}
      disabled={busy}
    />
  );
  return (
    <section className={`card ${styles.account}`} aria-labelledby={`${formId}-title`} data-account-step="">
      <Heading id={`${formId}-title`} className={styles.partTitle}>
        {words.accountTitle}
      </Heading>
      <p className={styles.muted}>{words.accountWhy}</p>
      <div className={styles.modes}>
        {(['signup', 'login'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`button button--small ${mode === m ? '' : 'button--secondary'}`}
            aria-pressed={mode === m}
            onClick={() => {
              setMode(m);
              setSaid(null);
              setProblems({});
            }}
          >
            {m === 'signup' ? words.newAccount : words.haveAccount}
          </button>
        ))}
      </div>
      <p role="alert" className={said ? `alert alert--${said.kind}` : 'sr-only'}>
        {said?.message}
      </p>
      {mode === 'signup' ? (
        <form onSubmit={onSignup} noValidate aria-busy={busy}>
          {field('fullName', auth.fullName, 'text', 'name')}
          {field('email', auth.email, 'email', 'email')}
          {field('password', auth.password, 'password', 'new-password', auth.passwordHint)}
          {field('confirmPassword', auth.confirmPassword, 'password', 'new-password')}
          <button type="submit" className="button" disabled={busy}>
            {busy ? auth.signingUp : auth.signup}
          </button>
        </form>
      ) : (
        <form onSubmit={onLogin} noValidate aria-busy={busy}>
          {field('email', auth.email, 'email', 'email')}
          <Field id={`${formId}-password-login`} label={auth.password} name="password" type="password" autoComplete="current-password" disabled={busy} />
          <p className={styles.loginRow}>
            <button type="submit" className="button" disabled={busy}>
              {busy ? auth.loggingIn : auth.login}
            </button>
            <SmartLink href={settings.accounts.passwordResetPage}>{auth.forgotPassword}</SmartLink>
          </p>
        </form>
      )}
    </section>
  );
}
