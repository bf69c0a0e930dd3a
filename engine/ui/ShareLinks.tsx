import { useUi } from '../runtime/contexts.tsx';
import { useHydrated } from '../runtime/useHydrated.ts';
import styles from './ShareLinks.module.css';

/** WhatsApp's share address: the message, then the link, from which WhatsApp draws the preview. */
export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Share a link on WhatsApp, the channel students use: a plain link that works
 * before any script. Where the browser has a share sheet (most phones), a
 * second button opens it once the script is in; it appears at the end of its
 * own row, where there is room for it, so nothing below it moves.
 */
export function ShareLinks({ url, title, text, what }: { url: string; title: string; text: string; what: string }) {
  const ui = useUi().share;
  const hydrated = useHydrated();
  const native = hydrated && canShare();
  const share = () => {
    navigator.share({ title, text, url }).catch(() => {
      // Closing the sheet is not a failure the visitor needs to hear about.
    });
  };
  return (
    <span className={styles.share}>
      <a className={`button ${styles.whatsapp}`} href={whatsappShareUrl(text, url)} target="_blank" rel="noopener noreferrer">
        <img src="/images/social/whatsapp.svg" alt="" width={18} height={18} loading="lazy" />
        {ui.whatsapp}
        <span className="sr-only">: {what}</span>
      </a>
      <button type="button" className={`button button--secondary ${styles.native}`} onClick={share} hidden={!native}>
        {ui.native}
        <span className="sr-only">: {what}</span>
      </button>
    </span>
  );
}
