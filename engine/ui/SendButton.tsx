import { useUi } from '../runtime/contexts.tsx';
import type { Submission } from './useSubmission.ts';

/**
 * A form's submit button: its own words, its sending words (the site's
 * 'Sending…' unless given) while the request runs, and 'Try again' once a send
 * failed: the same submission, sent again with its idempotency key.
 */
export function SendButton({
  submission,
  label,
  sendingLabel,
  className,
}: {
  submission: Submission<unknown>;
  label: string;
  sendingLabel?: string;
  className: string;
}) {
  const forms = useUi().forms;
  const sending = submission.state === 'sending';
  return (
    <button type="submit" className={className} disabled={sending}>
      {sending ? (sendingLabel ?? forms.sending) : submission.state === 'failed' ? forms.retry : label}
    </button>
  );
}
