import { useSite } from '../runtime/contexts.tsx';
import { type AppliedFor, applyHref } from '../shared/applyables.ts';
import type { PrefillFact } from '../types.ts';
import { usePrefilledHref } from './prefill.ts';

export interface ApplyTarget {
  href: string;
  newTab: boolean;
}

/**
 * Where an Apply button goes. Content that gives it an address sends it there (an outside form, with what the site
 * knows filled in, as the spec had it); without one it opens the site's application page for what the button is
 * about. Undefined only on a site with no application page.
 */
export function useApplyTarget(
  action: { href?: string | undefined; newTab?: boolean | undefined },
  subject: AppliedFor,
  facts: Partial<Record<PrefillFact, string>> = {},
): ApplyTarget | undefined {
  const applyPage = useSite().landmarks.apply;
  const outside = usePrefilledHref(action.href ?? '', facts);
  if (action.href) return { href: outside, newTab: action.newTab ?? false };
  return applyPage ? { href: applyHref(applyPage, subject), newTab: false } : undefined;
}

/** The same, outside React (a list's links built in a loop): the application page's address, or the content's own. */
export function applyTargetOf(applyPage: string | undefined, href: string | undefined, subject: AppliedFor, newTab = false): ApplyTarget | undefined {
  if (href) return { href, newTab };
  return applyPage ? { href: applyHref(applyPage, subject), newTab: false } : undefined;
}
