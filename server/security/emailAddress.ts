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
