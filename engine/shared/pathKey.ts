/**
 * The form in which paths are compared everywhere (client, prerender, server):
 * decoded, without a trailing slash and without regard to case, so /internship/Law,
 * /internship/law/ and /internship/LAW are one page. undefined for a malformed escape.
 */
export function pathKey(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  return (decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded).toLowerCase();
}
