import { type FormEvent, useId, useRef, useState } from 'react';
import { useSite } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { ContactFormSection } from '../../types.ts';
import { Field, SendFailure } from '../../ui/FormParts.tsx';
import { MailIcon, PhoneIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SendButton } from '../../ui/SendButton.tsx';
import { SocialLinks } from '../../ui/SocialLinks.tsx';
import { usePrefill } from '../../ui/usePrefill.ts';
import { useSubmission } from '../../ui/useSubmission.ts';
import styles from './ContactForm.module.css';

/**
 * Name, Email and Message, sent to our server, which stores it for the team to
 * answer by e-mail. The confirmation appears only once the server has it; a
 * failed send keeps the message in the form, offers to try again, and offers
 * the visitor's e-mail app with the message written out, so nothing is lost.
 */
export default function ContactForm({ id, title, intro, to, subject = 'Enquiry from the website', showContactDetails }: ContactFormSection) {
  const { settings } = useSite();
  const ui = settings.ui.contactForm;
  const { submission, send } = useSubmission('contact');
  const [done, setDone] = useState<string | null>(null);
  const [typed, setTyped] = useState({ name: '', email: '', message: '' });
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const Heading = useSubheadingTag();
  usePrefill(formRef);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const entered = {
      name: String(data.get('name') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      message: String(data.get('message') ?? '').trim(),
    };
    setTyped(entered);
    setDone(null);
    const answer = await send(entered);
    if (answer) {
      setDone(fill(ui.done, { name: entered.name, reference: answer.reference, email: entered.email }));
      // The message is sent; the name and address stay for another one.
      const message = form.elements.namedItem('message');
      if (message instanceof HTMLTextAreaElement) message.value = '';
    }
  };

  const address = to.replace(/^mailto:/, '').split('?')[0];
  const emailInstead = `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${typed.message}\n\n— ${typed.name} (${typed.email})`)}`;
  const sending = submission.state === 'sending';
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <div className={styles.layout} data-details={Boolean(showContactDetails)}>
        <form ref={formRef} className={`card ${styles.form}`} onSubmit={onSubmit} aria-describedby={`${formId}-note`} aria-busy={sending}>
          <Field id={`${formId}-name`} label={ui.name} name="name" type="text" required maxLength={100} autoComplete="name" />
          <Field id={`${formId}-email`} label={ui.email} name="email" type="email" required maxLength={254} autoComplete="email" />
          <Field id={`${formId}-message`} label={ui.message} name="message" required maxLength={4000} rows={5} />
          <SendFailure submission={submission} className={styles.failed}>
            <p>
              <a href={emailInstead}>{ui.emailInstead}</a>
            </p>
          </SendFailure>
          <SendButton submission={submission} label={ui.send} className="button" />
          <p id={`${formId}-note`} className="form-note">
            {ui.note}
          </p>
          <p role="status" className={done ? 'alert alert--success' : 'sr-only'}>
            {done}
          </p>
        </form>
        {showContactDetails ? (
          <div className={styles.details}>
            <Heading className={styles.detailsTitle}>{ui.emailUs}</Heading>
            <p>
              <a href={`mailto:${settings.contact.email}`} className={styles.detail}>
                <MailIcon />
                {settings.contact.email}
              </a>
            </p>
            <Heading className={styles.detailsTitle}>{ui.callUs}</Heading>
            <p>
              <a href={`tel:${settings.contact.phone.replace(/\s+/g, '')}`} className={styles.detail}>
                <PhoneIcon />
                {settings.contact.phone}
              </a>
            </p>
            {settings.contact.address ? <p className={styles.address}>{settings.contact.address}</p> : null}
            <Heading className={styles.detailsTitle}>{ui.follow}</Heading>
            <SocialLinks className={styles.social} />
          </div>
        ) : null}
      </div>
    </SectionShell>
  );
}
