import { type FormEvent, useId, useState } from 'react';
import { SocialLinks } from '../../layout/Footer.tsx';
import { useSite } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { ContactFormSection } from '../../types.ts';
import { MailIcon, PhoneIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './ContactForm.module.css';

/**
 * Name, Email and Message. The site has no mail service, so sending opens the
 * visitor's e-mail app with the message written out and addressed to us.
 */
export default function ContactForm({ id, title, intro, to, subject = 'Enquiry from the website', showContactDetails }: ContactFormSection) {
  const { settings } = useSite();
  const ui = settings.ui.contactForm;
  const [done, setDone] = useState<string | null>(null);
  const formId = useId();
  const Heading = useSubheadingTag();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    const message = String(data.get('message') ?? '').trim();
    const address = to.replace(/^mailto:/, '').split('?')[0];
    const body = `${message}\n\n— ${name} (${email})`;
    window.location.href = `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
    setDone(fill(ui.done, { name }));
  };
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <div className={styles.layout} data-details={Boolean(showContactDetails)}>
        <form className={`card ${styles.form}`} onSubmit={onSubmit} aria-describedby={`${formId}-note`}>
          <div className="field">
            <label htmlFor={`${formId}-name`}>{ui.name}</label>
            <input id={`${formId}-name`} name="name" type="text" required autoComplete="name" className="input" />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-email`}>{ui.email}</label>
            <input id={`${formId}-email`} name="email" type="email" required autoComplete="email" className="input" />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-message`}>{ui.message}</label>
            <textarea id={`${formId}-message`} name="message" required className="input" rows={5} />
          </div>
          <button type="submit" className="button">
            {ui.send}
          </button>
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
