/**
 * The rules the site's forms and the server both hold (spec section 5 and what
 * the forms added to it): one copy, so the page never accepts what the server
 * refuses.
 */

/** something@something.tld, no spaces: the spec's "looks like an e-mail". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;
/** A number someone can call: digits with spaces, dashes, brackets and a leading +, 7 to 15 digits in all. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[0-9 ()-]+$/.test(value.trim()) && digits >= 7 && digits <= 15;
}

/**
 * Where to go after logging in or signing up (?next=…): a path of this site
 * only, never another site's address (//evil.example, /\evil.example), so the
 * link cannot be used to send people elsewhere.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\s\\]/.test(value) || value.length > 300) return undefined;
  return value;
}

/**
 * The form accounts are matched by: Unicode NFKC (full-width ＡＳＨＡ@… is
 * asha@…), trimmed, in lower case. Undefined for an address with any letter
 * outside printable ASCII after that: Cyrillic or Greek look-alikes
 * (аsha@example.com with a Cyrillic а) would open a second account that reads
 * the same as the first, so they are refused.
 */
export function canonicalEmail(email: string): string | undefined {
  const canonical = email.normalize('NFKC').trim().toLowerCase();
  return /^[\x21-\x7e]+$/.test(canonical) ? canonical : undefined;
}

/** An address the server takes: it looks like an e-mail and has a canonical form. */
export function isAcceptableEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email) && canonicalEmail(email) !== undefined;
}

/**
 * The key an e-mail is stored and found by (see canonicalEmail); an address
 * that has none keeps its NFKC lower-case form, which no sign-up can have made.
 */
export function normaliseEmail(email: string): string {
  return canonicalEmail(email) ?? email.normalize('NFKC').trim().toLowerCase();
}
