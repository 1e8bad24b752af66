import type { User } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { buildUrl } from './api-client';
import { clearSignedOutNote } from './auth-notice';
import { isTakingOver } from './boot';
import { CAMPUS_CONFIG_KEY } from './campus-config';
import { type Session, sessionStore } from './session';
import * as identityApi from '@/api/endpoints/identity';

export interface AuthValue {
  user: User | null;
  token: string | null;
  /** Both a token and a user are known */
  isAuthenticated: boolean;
  login: (token: string, user: User) => void;
  /**
   * Signs this device out: its session is ended on the server (unless `serverEnded`, when the
   * server has ended it already) and everything cached for the user is dropped.
   */
  logout: (options?: { serverEnded?: boolean }) => void;
  updateUser: (user: User) => void;
  setToken: (token: string) => void;
}

const AuthContext = createContext<AuthValue | null>(null);

/**
 * The session a page is drawn for on the server (src/server-render.tsx), who the page's cookie
 * names; absent in the browser, where the stored session is the one.
 */
const DrawnSessionContext = createContext<Session | null>(null);
export const DrawnSessionProvider = DrawnSessionContext.Provider;

export function fetchCurrentUser(signal?: AbortSignal) {
  return identityApi.me({ signal }).then((body) => body.user);
}

/**
 * Asks the server to end this device's session (POST /auth/logout), so a copied token stops working
 * too; the account's other devices stay signed in. Best effort: signing out never waits for it, and a
 * failure changes nothing here. `keepalive` lets it finish while the page moves on.
 */
function endServerSession(token: string): Promise<void> {
  return fetch(buildUrl('/auth/logout'), {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  );
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const drawn = useContext(DrawnSessionContext);
  const session = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.get,
    () => drawn ?? sessionStore.get(),
  );
  const queryClient = useQueryClient();
  // Decided once, at start: a stored token + user means "signed in now, verify in background". A
  // page the server drew for this session is taking over: the server checked the session and sent
  // the member a moment ago, so there is nothing to verify.
  const [verifyStoredSession] = useState(() => {
    const { token, user } = sessionStore.get();
    return Boolean(token && user) && !isTakingOver();
  });

  useEffect(() => {
    if (!verifyStoredSession) return;
    const controller = new AbortController();
    fetchCurrentUser(controller.signal)
      // An unchanged user changes nothing (the store keeps its state), so the screen is not drawn again.
      .then((user) => sessionStore.setUser(user))
      // A session the server no longer knows answers 401, and the client ends it there (see
      // api-client). Any other failure (offline, a restart, too many requests) keeps the stored
      // session: the student stays signed in, and the next call checks it again.
      .catch(() => undefined);
    return () => controller.abort();
  }, [verifyStoredSession]);

  const logout = useCallback(
    (options?: { serverEnded?: boolean }) => {
      const token = sessionStore.getToken();
      if (token && !options?.serverEnded) void endServerSession(token);
      // Signed out here, on purpose: the sign-in page has nothing to explain.
      clearSignedOutNote();
      sessionStore.clear();
      // Drop everything cached for this user; the campus settings stay.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CAMPUS_CONFIG_KEY });
    },
    [queryClient],
  );

  const value = useMemo<AuthValue>(
    () => ({
      user: session.user,
      token: session.token,
      isAuthenticated: Boolean(session.token && session.user),
      login: sessionStore.set,
      logout,
      updateUser: sessionStore.setUser,
      setToken: sessionStore.setToken,
    }),
    [session, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
