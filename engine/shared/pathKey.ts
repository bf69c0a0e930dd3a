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

/**
 * What a path finds in two tables keyed by pathKey: a page at that exact path,
 * or else the nearest page above it that answers the addresses under its own
 * (/certificate/IC25/123456 is answered by /certificate). The same rule in the
 * browser and on the server.
 */
export function findByPath<T>(pathname: string, exact: ReadonlyMap<string, T>, withSubpaths: ReadonlyMap<string, T>): T | undefined {
  const key = pathKey(pathname);
  if (key === undefined) return undefined;
  const found = exact.get(key);
  if (found !== undefined) return found;
  for (let end = key.lastIndexOf('/'); end > 0; end = key.lastIndexOf('/', end - 1)) {
    const above = withSubpaths.get(key.slice(0, end));
    if (above !== undefined) return above;
  }
  return undefined;
}
