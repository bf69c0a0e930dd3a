import { useSite } from '../runtime/contexts.tsx';
import styles from './ChatLink.module.css';

/**
 * The floating link to the chat app, on every page. It gives way: while it
 * would lie over words, a picture or a control of the page (Share on WhatsApp,
 * a role's text), it fades out and lets taps through, and it comes back where
 * the page has room under it (between parts of a page, and at its foot, which
 * keeps room for it). A keyboard user reaching it sees it whatever is under it.
 * It is never hydrated; chatLink.ts does the giving way.
 */
export function ChatLink() {
  const { settings } = useSite();
  return (
    <a href={settings.chat.href} target="_blank" rel="noopener noreferrer" className={styles.chat} title={settings.chat.label} data-chrome data-chat-link>
      <img src="/images/social/whatsapp.svg" alt="" width={28} height={28} loading="lazy" />
      <span className="sr-only">
        {settings.chat.label} {settings.ui.layout.newTab}
      </span>
    </a>
  );
}
