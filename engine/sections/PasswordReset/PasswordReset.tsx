import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite } from '../../runtime/contexts.tsx';
import { useSearchParams } from '../../runtime/location.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '../../shared/formRules.ts';
import type { PasswordResetSection } from '../../types.ts';
import { AuthCard, type Outcome } from '../../ui/AuthCard.tsx';
import { Field } from '../../ui/FormParts.tsx';
import { encodePath, SmartLink } from '../../ui/SmartLink.tsx';
import { useFailureMessage } from '../../ui/useSubmission.ts';

/**
 * 'Forgot password?'. Without a token in the address: the e-mail form, which
 * has a link sent (the answer never says whether an account uses the address).
 * Opened from that link (?token=…): the new password, which logs the person in.
 * A link used or expired says so and offers a new one.
 */
export default function PasswordReset({ id, requestTitle, requestIntro, resetTitle, resetIntro, loginLink }: PasswordResetSection) {
  const { settings } = useSite();
  const ui = settings.ui;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = hydrated ? params.get('token') : null;
  const { setUser } = useAuth();
  const failureMessage = useFailureMessage();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [state, setState] = useState<'form' | 'sent' | 'done' | 'badLink'>('form');

  const ask = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return setOutcome({ kind: 'error', message: ui.auth.allFields });
    if (!EMAIL_PATTERN.test(email)) return setOutcome({ kind: 'error', message: ui.auth.invalidEmail });
    setBusy(true);
    setOutcome(null);
    const result = await callApi('passwordReset', { email });
    setBusy(false);
    if (!result.ok) return setOutcome({ kind: 'error', message: failureMessage(result) });
    setState('sent');
    setOutcome({
      kind: 'success',
      message: fill(ui.passwordReset.sent, { email, minutes: result.data.expiresInMinutes ?? settings.accounts.passwordResetMinutes }),
    });
  };

  const reset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The form is shown only for a link with a token.
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirmPassword') ?? '');
    if (!password || !confirm) return setOutcome({ kind: 'error', message: ui.auth.allFields });
    if (password.length < MIN_PASSWORD_LENGTH) return setOutcome({ kind: 'error', message: ui.auth.shortPassword });
    if (password !== confirm) return setOutcome({ kind: 'error', message: ui.auth.mismatch });
    setBusy(true);
    setOutcome(null);
    const result = await callApi('passwordResetConfirm', { token, password });
    setBusy(false);
    if (result.ok) {
      setUser(result.data.user);
      setState('done');
      return setOutcome({ kind: 'success', message: ui.passwordReset.done });
    }
    if (result.status === 410) {
      setState('badLink');
      return setOutcome({ kind: 'error', message: ui.passwordReset.badLink });
    }
    setOutcome({ kind: 'error', message: failureMessage(result) });
  };

  const resetPath = settings.accounts.passwordResetPage;
  let body: ReactNode;
  if (!hydrated) body = <p aria-busy="true">{ui.layout.loading}</p>;
  else if (state === 'done')
    body = (
      <p>
        <SmartLink href={settings.accounts.accountPage} className="button button--block">
          {ui.auth.goToAccount}
        </SmartLink>
      </p>
    );
  else if (state === 'badLink')
    body = (
      <p>
        {/* A link to this same page that also brings its form back (the site follows the link; the address loses the token). */}
        <a href={encodePath(resetPath)} className="button button--block" onClick={() => setState('form')}>
          {ui.passwordReset.askAgain}
        </a>
      </p>
    );
  else if (state === 'sent') body = null;
  else if (token)
    body = (
      <form onSubmit={reset} noValidate aria-busy={busy}>
        <Field
          id={`${formId}-password`}
          label={ui.auth.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={ui.auth.passwordHint}
          disabled={busy}
        />
        <Field
          id={`${formId}-confirmPassword`}
          label={ui.account.confirmNewPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          disabled={busy}
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? ui.forms.sending : ui.passwordReset.save}
        </button>
      </form>
    );
  else
    body = (
      <form onSubmit={ask} noValidate aria-busy={busy}>
        <Field id={`${formId}-email`} label={ui.auth.email} name="email" type="email" autoComplete="email" disabled={busy} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? ui.forms.sending : ui.passwordReset.send}
        </button>
      </form>
    );

  const choosing = Boolean(token) && state !== 'badLink';
  return (
    <AuthCard id={id} title={choosing ? resetTitle : requestTitle} intro={choosing ? resetIntro : requestIntro} outcome={outcome} switchLink={loginLink}>
      {body}
    </AuthCard>
  );
}
