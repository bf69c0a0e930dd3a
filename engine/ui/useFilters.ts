import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '../runtime/useHydrated.ts';

/**
 * Filters kept in the address (?duration=8&field=Law), so a filtered list can
 * be shared and the back button undoes a change. Until hydration no filter
 * applies, matching the prerendered (unfiltered) list.
 */
export function useFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const values = Object.fromEntries(keys.map((k) => [k, hydrated ? (params.get(k) ?? '') : ''])) as Record<K, string>;
  const set = (key: K, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { preventScrollReset: true, replace: false });
  };
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const key of keys) next.delete(key);
    setParams(next, { preventScrollReset: true });
  };
  const active = keys.some((k) => values[k] !== '');
  return { values, set, clear, active };
}
