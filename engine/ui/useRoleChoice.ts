import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../runtime/location.ts';
import { ROLE_PARAM, roleFromAddress } from './roleAddress.ts';

/**
 * The chosen role of a role switch. The radio buttons hold the choice and the
 * stylesheet shows the chosen role's details, so a tap works from first paint,
 * before any script; the script keeps the address in step (?role=…, for
 * sharing and the back button), brings the details into view, and follows the
 * address when it changes (back, forward, a link).
 */
export function useRoleChoice<R extends { id: string }>(roles: readonly R[], defaultRole: string) {
  const [params, setParams] = useSearchParams();
  const fromAddress = roleFromAddress(roles, defaultRole, params.get(ROLE_PARAM)).id;
  // What the page was drawn with (the server answers ?role= with that role chosen); React never redraws the radios.
  const [initial] = useState(fromAddress);
  const rootRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);

  const radio = (id: string) => rootRef.current?.querySelector<HTMLInputElement>(`input[type="radio"][value="${CSS.escape(id)}"]`) ?? null;

  const remember = (id: string, replace: boolean) => {
    const next = new URLSearchParams(window.location.search);
    next.set(ROLE_PARAM, id);
    setParams(next, { preventScrollReset: true, replace });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address names another role; the first run only reads what the visitor did before the script came
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      // A role tapped before the script arrived stays chosen, and the address catches up with it.
      const checked = rootRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
      if (checked && checked.value !== fromAddress) remember(checked.value, true);
      return;
    }
    const input = radio(fromAddress);
    if (input && !input.checked) input.checked = true;
  }, [fromAddress]);

  const choose = (id: string) => {
    remember(id, false);
    // On a phone the details sit below the list: the chosen role's title and figures come into view.
    const head = rootRef.current?.querySelector<HTMLElement>(`[data-role-panel="${CSS.escape(id)}"] [data-role-head]`);
    head?.scrollIntoView({ block: 'nearest' });
  };

  return { initial, current: fromAddress, choose, rootRef };
}
