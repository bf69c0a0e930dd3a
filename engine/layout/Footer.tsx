import { useSite } from '../runtime/contexts.tsx';
import { Island } from '../runtime/islands.tsx';
import { fill } from '../runtime/text.ts';
import type { ResolvedPage } from '../types.ts';
import { SmartLink } from '../ui/SmartLink.tsx';
import { SocialLinks } from '../ui/SocialLinks.tsx';
import styles from './Footer.module.css';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import NewsletterForm from './NewsletterForm.tsx';

function Newsletter() {
  const ui = useSite().settings.ui.newsletter;
  return (
    <div className={styles.newsletter}>
      <h2 className={styles.heading}>{ui.title}</h2>
      <p>{ui.text}</p>
      <Island name="NewsletterForm" component={NewsletterForm} props={{}} />
    </div>
  );
}

export function Footer({ page }: { page?: ResolvedPage | undefined }) {
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
          <LanguageSwitch page={page} place="footer" />
        </div>
      </div>
    </footer>
  );
}
