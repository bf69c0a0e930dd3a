/** The cookies the server sets and the browser reads: one name each, for both. */

/** The session: an HTTP-only random token, whose SHA-256 is the session's key in the database. */
export const SESSION_COOKIE = 'ic_session';
/** Not a secret: tells the page's script that asking /api/auth/me is worth a request. */
export const LOGGED_IN_HINT = 'ic_logged_in';
/**
 * A device that has logged in to an account before (OWASP's device cookie):
 * signed by the server, naming the account only by a keyed hash. Wrong
 * passwords from it count against it alone, so a stranger's guessing can never
 * lock the account's owner out on their own device.
 */
export const DEVICE_COOKIE = 'ic_device';
/**
 * The staff console's session: an HTTP-only random token, apart from the member's session, sent only to the
 * console's pages and API (its path), and shorter-lived (STAFF_SESSION_MINUTES).
 */
export const STAFF_COOKIE = 'ic_staff';
/**
 * The language the visitor last chose with the switch (en, hi): not a secret. The home page's address opens in it,
 * and a logged-in member's account takes it on her next page (mails then arrive in it).
 */
export const LANGUAGE_COOKIE = 'ic_lang';
