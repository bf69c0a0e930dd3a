import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { callApi, currentUser } from '../api/client.ts';
import type { PublicUser } from '../types.ts';

interface AuthState {
  /** undefined until the browser has asked the server; null when nobody is logged in. */
  user: PublicUser | null | undefined;
  setUser: (user: PublicUser | null) => void;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthState>({ user: undefined, setUser: () => {}, logout: async () => {} });

/** Who is logged in, asked of the server once the page is in the browser (the prerendered HTML shows the logged-out links). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    currentUser()
      .then((u) => !cancelled && setUser((current) => (current === undefined ? u : current)))
      .catch(() => !cancelled && setUser((current) => (current === undefined ? null : current)));
    return () => {
      cancelled = true;
    };
  }, []);
  const logout = useCallback(async () => {
    await callApi('logout');
    setUser(null);
  }, []);
  const value = useMemo(() => ({ user, setUser, logout }), [user, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
