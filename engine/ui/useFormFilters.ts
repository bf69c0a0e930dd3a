import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../runtime/location.ts';
import { useHydrated } from '../runtime/useHydrated.ts';

/**
 * Filters whose form holds the choice, kept in the address (?field=Law&weeks=8)
 * so a filtered list can be shared and the back button undoes a change. The
 * page is drawn with nothing chosen, as prerendered, and the stylesheet filters
 * from the form's own state before any script; once the script is in, what
 * the visitor chose before it came wins, else what the address asks for.
 */
export function useFormFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const none = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
  const fromAddress = () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  // Drawn with nothing chosen when the page is hydrated (as it was prerendered); opened later in the app (a link, Back),
  // with the address's choices at once, so the page is drawn filtered and Back returns to the same place in it.
  const hydrated = useHydrated();
  const [values, setValues] = useState(() => (hydrated ? fromAddress() : none));
  const formRef: RefObject<HTMLFormElement | null> = useRef(null);
  const mounted = useRef(false);

  const write = (next: Record<K, string>, replace: boolean) => {
    const search = new URLSearchParams(window.location.search);
    for (const key of keys) {
      if (next[key]) search.set(key, next[key]);
      else search.delete(key);
    }
    setParams(search, { preventScrollReset: true, replace });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of address; the first run also reads the form
  useEffect(() => {
    const asked = fromAddress();
    if (mounted.current) {
      setValues(asked);
      return;
    }
    mounted.current = true;
    const form = formRef.current;
    const chosen = Object.fromEntries(keys.map((k) => [k, (form?.elements.namedItem(k) as HTMLSelectElement | null)?.value ?? ''])) as Record<K, string>;
    if (keys.some((k) => chosen[k] !== asked[k]) && keys.some((k) => chosen[k] !== '')) {
      setValues(chosen);
      write(chosen, true);
    } else setValues(asked);
  }, [params]);

  const set = (key: K, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    write(next, false);
  };
  const clear = () => {
    setValues(none);
    write(none, false);
  };
  const active = keys.some((k) => values[k] !== '');
  return { values, set, clear, active, formRef };
}
