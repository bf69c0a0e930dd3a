import { type FormEvent, useId, useState } from 'react';
import { useSite } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { SmartLink } from '../ui/SmartLink.tsx';
import styles from './Footer.module.css';

const networkNames: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
};

export function SocialLinks({ className }: { className?: string }) {
  const { settings } = useSite();
  return (
    <ul className={`${styles.social} ${className ?? ''}`}>
      {settings.social.map((link) => (
        <li key={link.network}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={styles.socialLink} data-network={link.network}>
            <img src={`/images/social/${link.network}.svg`} alt="" width={20} height={20} loading="lazy" />
            <span className="sr-only">
              {link.label ?? networkNames[link.network]} {settings.ui.layout.newTab}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The newsletter box. There is no newsletter service behind the site, so
 * subscribing opens the visitor's e-mail app with the request addressed to us:
 * nothing typed here is silently dropped.
 */
function Newsletter() {
  const { settings } = useSite();
  const ui = settings.ui.newsletter;
  const [done, setDone] = useState<string | null>(null);
  const inputId = useId();
  const noteId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return;
    const href = `mailto:${settings.contact.email}?subject=${encodeURIComponent(ui.subject)}&body=${encodeURIComponent(email)}`;
    window.location.href = href;
    setDone(fill(ui.done, { email }));
  };
  return (
    <div className={styles.newsletter}>
      <h2 className={styles.heading}>{ui.title}</h2>
      <p>{ui.text}</p>
      <form onSubmit={onSubmit} className={styles.newsletterForm}>
        <label htmlFor={inputId} className="sr-only">
          {ui.emailLabel}
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={ui.placeholder}
          className={`input ${styles.newsletterInput}`}
          aria-describedby={noteId}
        />
        <button type="submit" className="button button--accent">
          {ui.button}
        </button>
      </form>
      <p id={noteId} className={styles.note}>
        {ui.note}
      </p>
      <p role="status" className={styles.done}>
        {done}
      </p>
    </div>
  );
}

export function Footer() {
  const site = useSite();
  const { settings } = site;
  return (
    <footer className={styles.footer} data-chrome>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <img src={settings.logo} alt={settings.name} width={225} height={48} className={styles.logo} />
          <p>{settings.footer.about}</p>
          <SocialLinks />
        </div>
        {site.footer
          .filter((column) => column.links.length > 0)
          .map((column) => (
            <nav key={column.id} aria-label={column.title} className={styles.column}>
              <h2 className={styles.heading}>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.pageId}>
                    <SmartLink href={link.path}>{link.label}</SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        <Newsletter />
      </div>
      <div className={styles.bottom}>
        <div className="container">
          <p>{fill(settings.footer.copyright, { year: site.buildYear })}</p>
        </div>
      </div>
    </footer>
  );
}
