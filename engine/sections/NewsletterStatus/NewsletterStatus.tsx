import { type ReactNode, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import { useSearchParams } from '../../runtime/location.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import type { ApiMessage, NewsletterStatusSection } from '../../types.ts';
import { AuthCard, type Outcome } from '../../ui/AuthCard.tsx';
import { useFailureMessage } from '../../ui/useSubmission.ts';

/**
 * Where the newsletter e-mails lead. ?confirm=… subscribes the address (double
 * opt-in) and ?unsubscribe=… ends the subscription, each only when the button
 * is pressed: mail scanners that open every link in a message change nothing.
 */
export default function NewsletterStatus({ id, title, confirmTitle, confirmIntro, unsubscribeTitle, unsubscribeIntro, homeLink }: NewsletterStatusSection) {
  const ui = useUi();
  const words = ui.newsletterPage;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const failureMessage = useFailureMessage();
  const confirmToken = hydrated ? params.get('confirm') : null;
  const unsubscribeToken = hydrated ? params.get('unsubscribe') : null;
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const act = async (route: 'newsletterConfirm' | 'newsletterUnsubscribe', token: string, done: (answer: ApiMessage) => string) => {
    setBusy(true);
    setOutcome(null);
    const result = await callApi(route, { token });
    setBusy(false);
    if (result.ok) {
      setFinished(true);
      return setOutcome({ kind: 'success', message: done(result.data) });
    }
    if (result.status === 410) {
      setFinished(true);
      return setOutcome({ kind: 'error', message: words.badLink });
    }
    setOutcome({ kind: 'error', message: failureMessage(result) });
  };

  let heading = title;
  let intro: string | undefined;
  let body: ReactNode = <p>{hydrated ? words.noLink : ui.layout.loading}</p>;
  if (confirmToken) {
    heading = confirmTitle;
    intro = finished ? undefined : confirmIntro;
    body = finished ? null : (
      <button
        type="button"
        className="button button--block"
        disabled={busy}
        onClick={() => act('newsletterConfirm', confirmToken, (answer) => fill(words.confirmed, { email: answer.email ?? '' }))}
      >
        {busy ? ui.forms.sending : words.confirm}
      </button>
    );
  } else if (unsubscribeToken) {
    heading = unsubscribeTitle;
    intro = finished ? undefined : unsubscribeIntro;
    body = finished ? null : (
      <button
        type="button"
        className="button button--block"
        disabled={busy}
        onClick={() => act('newsletterUnsubscribe', unsubscribeToken, () => words.unsubscribed)}
      >
        {busy ? ui.forms.sending : words.unsubscribe}
      </button>
    );
  }
  return (
    <AuthCard id={id} title={heading} intro={intro} outcome={outcome} switchLink={homeLink}>
      {body}
    </AuthCard>
  );
}
