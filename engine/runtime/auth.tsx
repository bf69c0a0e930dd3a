import { useSyncExternalStore } from 'react';
import { callApi, currentUser } from '../api/client.ts';
import type { PublicUser } from '../types.ts';

interface AuthState {
  /** undefined until the browser has asked the server; null when nobody is logged in. */
  user: PublicUser | null | undefined;
  setUser: (user: PublicUser | null) => void;
  logout: () => Promise<void>;
}

/**
 * Who is logged in, one answer for the whole page: every island that shows it (the account link, the forms, the
 * account page) reads the same store, asked of the server once, when the first of them is in the browser. The
 * prerendered page shows the logged-out links.
 */
let user: PublicUser | null | undefined;
let asked = false;
const listeners = new Set<() => void>();

function setUser(next: PublicUser | null): void {
  user = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!asked) {
    asked = true;
    currentUser()
      .then((u) => user === undefined && setUser(u))
      .catch(() => user === undefined && setUser(null));
  }
  return () => listeners.delete(listener);
}

async function logout(): Promise<void> {
  await callApi('logout');
  setUser(null);
}

export function useAuth(): AuthState {
  const current = useSyncExternalStore(
    subscribe,
    () => user,
    () => undefined,
  );
  return { user: current, setUser, logout };
}
