import { useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import { useSearchParams } from '../../runtime/location.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import type { EmailConfirmationSection } from '../../types.ts';
import { AuthCard, type Outcome } from '../../ui/AuthCard.tsx';
import { useFailureMessage } from '../../ui/useSubmission.ts';

/**
 * Where an account's confirmation mail leads: ?token=… confirms the address
 * when the button is pressed (a mail scanner opening the link changes
 * nothing). Without a token, it says how to get one.
 */
export default function EmailConfirmation({ id, title, intro, accountLink }: EmailConfirmationSection) {
  const ui = useUi();
  const words = ui.emailConfirmPage;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const failureMessage = useFailureMessage();
  const token = hydrated ? params.get('token') : null;
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const confirm = async (value: string) => {
    setBusy(true);
    setOutcome(null);
    const result = await callApi('confirmEmail', { token: value });
    setBusy(false);
    if (result.ok) {
      setFinished(true);
      return setOutcome({ kind: 'success', message: words.confirmed });
    }
    if (result.status === 410) {
      setFinished(true);
      return setOutcome({ kind: 'error', message: words.badLink });
    }
    setOutcome({ kind: 'error', message: failureMessage(result) });
  };

  return (
    <AuthCard id={id} title={title} intro={token && !finished ? intro : undefined} outcome={outcome} switchLink={accountLink}>
      {token ? (
        finished ? null : (
          <button type="button" className="button button--block" disabled={busy} onClick={() => confirm(token)}>
            {busy ? ui.forms.sending : words.confirm}
          </button>
        )
      ) : (
        <p>{hydrated ? words.noLink : ui.layout.loading}</p>
      )}
    </AuthCard>
  );
}
