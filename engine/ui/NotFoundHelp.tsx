import { useSite } from '../runtime/contexts.tsx';
import styles from './CertificateFacts.module.css';
import { FilledText } from './filledText.tsx';

/** Under "No certificate found": what it means, what to check, and whom to write to. */
export function NotFoundHelp() {
  const { settings } = useSite();
  const ui = settings.ui.verify;
  const email = settings.contact.email;
  return (
    <ul className={styles.help} data-field="notFoundHelp">
      <li>{ui.notFoundMeans}</li>
      <li>{ui.notFoundCheck}</li>
      <li>
        <FilledText text={ui.notFoundContact} name="email" node={<a href={`mailto:${email}`}>{email}</a>} />
      </li>
    </ul>
  );
}
