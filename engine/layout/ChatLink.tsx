import { useSite } from '../runtime/contexts.tsx';
import styles from './ChatLink.module.css';

/** The floating link to the chat app, on every page. */
export function ChatLink() {
  const { settings } = useSite();
  return (
    <a href={settings.chat.href} target="_blank" rel="noopener noreferrer" className={styles.chat} title={settings.chat.label} data-chrome>
      <img src="/images/social/whatsapp.svg" alt="" width={28} height={28} loading="lazy" />
      <span className="sr-only">
        {settings.chat.label} {settings.ui.layout.newTab}
      </span>
    </a>
  );
}
