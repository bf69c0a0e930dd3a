import { type FormEvent, useId, useState } from 'react';
import { useSite } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { SendButton } from '../ui/SendButton.tsx';
import { useSubmission } from '../ui/useSubmission.ts';
import styles from './Footer.module.css';

/**
 * The newsletter box. The address goes to our server, which e-mails it a link
 * to confirm (double opt-in): the box says so once the server has the request,
 * and keeps the address with a way to try again when it could not be sent.
 */
export default function NewsletterForm() {
  const { settings } = useSite();
  const ui = settings.ui.newsletter;
  const { submission, send } = useSubmission('newsletter');
  const [done, setDone] = useState<string | null>(null);
  const inputId = useId();
  const noteId = useId();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (!email) return;
    setDone(null);
    if (await send({ email })) {
      setDone(fill(ui.done, { email }));
      form.reset();
    }
  };
  const sending = submission.state === 'sending';
  return (
    <>
      <form onSubmit={onSubmit} className={styles.newsletterForm} aria-busy={sending}>
        <label htmlFor={inputId} className="sr-only">
          {ui.emailLabel}
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder={ui.placeholder}
          className={`input ${styles.newsletterInput}`}
          aria-describedby={noteId}
        />
        <SendButton submission={submission} label={ui.button} sendingLabel={ui.sending} className="button button--accent" />
      </form>
      <p id={noteId} className={styles.note}>
        {ui.note}
      </p>
      <p role="status" className={styles.done}>
        {done}
      </p>
      <p role="alert" className={styles.failed}>
        {submission.state === 'failed' ? submission.message : null}
      </p>
    </>
  );
}
