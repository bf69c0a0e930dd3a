import { useSite } from '../runtime/contexts.tsx';
import styles from './SocialLinks.module.css';

const networkNames: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
};

/** The site's social accounts (site settings), as round icon links; the footer's and the contact page's. */
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
