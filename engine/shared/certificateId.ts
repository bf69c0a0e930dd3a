/**
 * How a typed certificate ID is matched, the same in the browser and on the
 * server. People type IDs as they can on a phone: IC25/123456, ic25 123456,
 * IC25-123456, IC25123456. All of these find the same certificate: the match
 * is on the ID's letters and digits, in capitals, without spaces, dashes,
 * slashes or dots. The import refuses two IDs that would match each other.
 */

/** Longer than any real ID; anything longer is answered "not found" without a lookup. */
export const MAX_CERTIFICATE_ID_LENGTH = 64;

const SEPARATORS = /[\s\-/.\u2010-\u2015\u2212]+/g;

/** The key an ID is looked up by, or undefined when it cannot be an ID (empty, too long, or with control characters). */
export function certificateLookupKey(typed: string): string | undefined {
  const trimmed = typed.trim();
  if (trimmed === '' || trimmed.length > MAX_CERTIFICATE_ID_LENGTH) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return undefined;
  const key = trimmed.normalize('NFKC').toUpperCase().replace(SEPARATORS, '');
  return key === '' ? undefined : key;
}

/** The page of a certificate: /certificate/ and its ID, whose own slash stays a slash (/certificate/IC25/123456). */
export function certificatePagePath(certificateId: string): string {
  return `/certificate/${certificateId.split('/').map(encodeURIComponent).join('/')}`;
}

/** The ID a certificate page's path names, as typed in the address. */
export function certificateIdFromPath(pathname: string, pagePath = '/certificate'): string | undefined {
  const prefix = `${pagePath}/`;
  if (!pathname.toLowerCase().startsWith(prefix.toLowerCase())) return undefined;
  try {
    const id = decodeURIComponent(pathname.slice(prefix.length)).replace(/\/+$/, '');
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}

/** The most IDs the verification form checks at once (20 misses stay within a client's lookup budget of 30). */
export const MAX_VERIFY_IDS = 20;

/** A piece that is only the start of an ID (letters and a year, as in "IC25" of "IC25 123456"), which the digits after it finish. */
const ID_START = /^[A-Za-z]{1,6}[0-9]{0,4}$/;
const ID_DIGITS = /^[0-9]+$/;

/**
 * The IDs in what someone typed or pasted: one or many, separated by commas,
 * semicolons, line breaks or spaces. A space inside one ID, as people type it
 * on a phone ("IC25 123456"), keeps it one ID: letters and a year followed by
 * digits are joined again. Each ID comes once, however it was written, in the
 * order given.
 */
export function splitCertificateIds(text: string): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  const add = (id: string) => {
    const key = certificateLookupKey(id) ?? id;
    if (seen.has(key)) return;
    seen.add(key);
    ids.push(id);
  };
  for (const part of text.split(/[,;\r\n]+/)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const next = words[i + 1];
      if (next !== undefined && ID_START.test(word) && ID_DIGITS.test(next)) {
        add(`${word} ${next}`);
        i++;
      } else add(word);
    }
  }
  return ids;
}
