import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '../runtime/useHydrated.ts';

/**
 * The role a selector shows. It lives in the address (?role=…) so it can be
 * shared and the back button restores the previous one; a choice shows at once
 * while the address catches up. Before hydration the default is shown, as in
 * the prerendered HTML.
 */
export function useRoleFromAddress<R extends { id: string }>(roles: readonly R[], defaultRole: string) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const fromAddress = hydrated ? params.get('role') : null;
  const [chosen, setChosen] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (back, forward, a shared link) overrides the last choice
  useEffect(() => setChosen(null), [fromAddress]);
  const requested = chosen ?? fromAddress;
  const role = roles.find((r) => r.id === requested) ?? roles.find((r) => r.id === defaultRole) ?? roles[0]!;
  const choose = (roleId: string) => {
    setChosen(roleId);
    const next = new URLSearchParams(params);
    next.set('role', roleId);
    setParams(next, { preventScrollReset: true });
  };
  return { role, choose };
}
