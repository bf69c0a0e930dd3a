import { useSite } from '../runtime/contexts.tsx';
import type { PrefillFact } from '../types.ts';

/**
 * A form's address with what the site already knows filled in (the stream and
 * role a student chose), when data/site.json says which field takes each fact;
 * otherwise the address as it is.
 */
export function usePrefilledHref(href: string, facts: Partial<Record<PrefillFact, string>>): string {
  const fields = useSite().formPrefill[href];
  if (!fields) return href;
  const url = new URL(href);
  for (const [fact, field] of Object.entries(fields) as [PrefillFact, string][]) {
    const value = facts[fact];
    if (value) url.searchParams.set(field, value);
  }
  return url.toString();
}
