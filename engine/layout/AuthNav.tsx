import { useAuth } from '../runtime/auth.tsx';
import { useSite } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';
import { SmartLink } from '../ui/SmartLink.tsx';
import styles from './AuthNav.module.css';

/** Log in / Sign up, or who is logged in with Log out. The pages it links to are the site's log-in and sign-up landmarks. */
export function AuthNav() {
  const { user, logout } = useAuth();
  const site = useSite();
  const ui = site.settings.ui.auth;
  const { login: loginPath, signup: signupPath } = site.landmarks;
  if (user) {
    return (
      <span className={styles.auth}>
        <span className={styles.greeting} data-testid="auth-user">
          {fill(ui.greeting, { name: user.fullName.split(/\s+/)[0] ?? user.fullName })}
        </span>
        <button type="button" className="button button--secondary button--small" onClick={() => void logout()}>
          {ui.logout}
        </button>
      </span>
    );
  }
  return (
    <span className={styles.auth}>
      {loginPath ? (
        <SmartLink href={loginPath} className="button button--secondary button--small">
          {ui.loginLink}
        </SmartLink>
      ) : null}
      {signupPath ? (
        <SmartLink href={signupPath} className="button button--small">
          {ui.signupLink}
        </SmartLink>
      ) : null}
    </span>
  );
}
