/**
 * The address part a name makes: small letters and digits, words joined by hyphens ("Data Analytics" →
 * data-analytics, "R&D" → r-and-d): an address with spaces or capitals is one people mistype and links escape.
 */
export function addressPart(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
