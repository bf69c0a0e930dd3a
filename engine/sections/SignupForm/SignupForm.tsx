import { type FormEvent, useId, useState } from 'react';
import { signup } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import type { SignupFormSection } from '../../types.ts';
import { AuthCard, AuthField, type Outcome } from '../../ui/AuthCard.tsx';

/** The same e-mail check as the server's: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;

/**
 * Spec section 5, checked in this order: every field filled, a well-formed
 * e-mail, a password of at least 6 characters, and a matching confirmation.
 * The registration number is kept in the request but not asked for (spec section 3).
 */
export default function SignupForm({ id, title, intro, loginLink }: SignupFormSection) {
  const ui = useUi().auth;
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
    <AuthCard id={id} title={title} intro={intro} outcome={outcome} switchLink={loginLink}>
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <AuthField formId={formId} name="fullName" label={ui.fullName} type="text" autoComplete="name" disabled={busy} />
        <AuthField formId={formId} name="email" label={ui.email} type="email" autoComplete="email" disabled={busy} />
        <AuthField formId={formId} name="password" label={ui.password} type="password" autoComplete="new-password" hint={ui.passwordHint} disabled={busy} />
        <AuthField formId={formId} name="confirmPassword" label={ui.confirmPassword} type="password" autoComplete="new-password" disabled={busy} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? ui.signingUp : ui.signup}
        </button>
      </form>
    </AuthCard>
  );
}
