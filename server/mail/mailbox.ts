import { isValid as isLastingAddress } from 'mailchecker';
import normalizeEmail from 'validator/lib/normalizeEmail.js';
import { normaliseEmail } from '../../engine/shared/formRules.ts';

/**
 * The mailbox an address reaches, as its provider reads it: case, and dots
 * and +tags where the provider ignores them (validator.js's rules: Gmail's
 * dots, sub-addresses at Gmail, Outlook, Yahoo, iCloud and others). Two
 * addresses that reach one mailbox are one friend.
 */
export function mailboxOf(email: string): string {
  const canonical = normaliseEmail(email);
  return normalizeEmail(canonical) || canonical;
}

/** A throw-away address (mailchecker's list of disposable domains, kept up to date by its maintainers): it earns nobody a referral. */
export function isThrowAway(email: string): boolean {
  return !isLastingAddress(normaliseEmail(email));
}
