import { useAuth } from '../runtime/auth.tsx';
import { useSite } from '../runtime/contexts.tsx';
import { useLocation } from '../runtime/location.ts';
import { fill } from '../runtime/text.ts';
import { useHydrated } from '../runtime/useHydrated.ts';
import { SmartLink } from '../ui/SmartLink.tsx';
import styles from './AuthNav.module.css';

/**
 * Log in / Sign up, or who is logged in (a link to their account) with Log out. The log-in and sign-up links carry
 * the page they are followed from (?next=), so the visitor comes back to it; the pages are the site's landmarks.
 */
export default function AuthNav() {
  const { user, logout } = useAuth();
  const site = useSite();
  const location = useLocation();
  const hydrated = useHydrated();
  const ui = site.settings.ui.auth;
  const { login: loginPath, signup: signupPath } = site.landmarks;
  if (user) {
    return (
      <span className={styles.auth}>
        <SmartLink href={site.settings.accounts.accountPage} className={styles.greeting}>
          <span data-testid="auth-user">{fill(ui.greeting, { name: user.fullName.split(/\s+/)[0] ?? user.fullName })}</span>
          <span className="sr-only"> ({ui.accountLink})</span>
        </SmartLink>
        <button type="button" className="button button--secondary button--small" onClick={() => void logout()}>
          {ui.logout}
        </button>
      </span>
    );
  }
  // The prerendered page knows its path only; the query (a certificate's ID, a role) joins once in the browser.
  const here = location.pathname + (hydrated ? location.search : '');
  const nowhere = [loginPath, signupPath, site.settings.accounts.passwordResetPage, '/'].includes(location.pathname);
  const withNext = (path: string) => (nowhere ? path : `${path}?next=${encodeURIComponent(here)}`);
  return (
    <span className={styles.auth}>
      {loginPath ? (
        <SmartLink href={withNext(loginPath)} className="button button--secondary button--small">
          {ui.loginLink}
        </SmartLink>
      ) : null}
      {signupPath ? (
        <SmartLink href={withNext(signupPath)} className="button button--small">
          {ui.signupLink}
        </SmartLink>
      ) : null}
    </span>
  );
}
