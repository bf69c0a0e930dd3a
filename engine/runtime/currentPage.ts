import { useLocation } from 'react-router-dom';
import type { SiteModel } from '../types.ts';
import { useSite } from './contexts.tsx';

function normalise(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is compared as written.
  }
  return (decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded).toLowerCase();
}

/** The page id for a pathname, by path or alias and without regard to case, as the router matches. */
export function pageIdForPath(site: SiteModel, pathname: string): string | undefined {
  const wanted = normalise(pathname);
  return site.routes.find((r) => [r.path, ...r.aliases].some((p) => normalise(p) === wanted))?.pageId;
}

export function useCurrentPageId(): string | undefined {
  return pageIdForPath(useSite(), useLocation().pathname);
}
