import type { SiteModel } from '../types.ts';
import { useSite } from './contexts.tsx';
import { useLocation } from './location.ts';
import { matchPage } from './routes.ts';

/** The page id for a pathname, by path or alias and without regard to case; undefined when no page has it. */
export function pageIdForPath(site: SiteModel, pathname: string): string | undefined {
  const match = matchPage(site, pathname);
  return match.notFound ? undefined : match.pageId;
}

export function useCurrentPageId(): string | undefined {
  return pageIdForPath(useSite(), useLocation().pathname);
}
