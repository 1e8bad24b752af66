import { STORAGE_KEYS, type User } from '@campusrun/shared';

/**
 * The signed-in session, persisted in local storage under the keys `token` and `user`. A tiny
 * external store so that non-React code (the API client) can clear it.
 */
export interface Session {
  token: string | null;
  user: User | null;
}

type Listener = () => void;

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'id' in value && 'name' in value) return value as User;
  } catch {
    /* a corrupt entry counts as signed out */
  }
  return null;
}

function read(): Session {
  const storage = safeStorage();
  return {
    token: storage?.getItem(STORAGE_KEYS.token) ?? null,
    user: readUser(storage?.getItem(STORAGE_KEYS.user) ?? null),
  };
}

let state: Session = read();
const listeners = new Set<Listener>();

function emit(next: Session) {
  state = next;
  for (const listener of listeners) listener();
}

/** The same token and the same user (by value): no one to tell, so no screen is drawn again. */
const unchanged = (next: Session) =>
  next.token === state.token && JSON.stringify(next.user) === JSON.stringify(state.user);

function write(next: Session) {
  const storage = safeStorage();
  if (storage) {
    if (next.token) storage.setItem(STORAGE_KEYS.token, next.token);
    else storage.removeItem(STORAGE_KEYS.token);
    if (next.user) storage.setItem(STORAGE_KEYS.user, JSON.stringify(next.user));
    else storage.removeItem(STORAGE_KEYS.user);
  }
  if (!unchanged(next)) emit(next);
}

export const sessionStore = {
  get: (): Session => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The bearer token, read fresh from storage so another tab's sign-in is honoured. */
  getToken: (): string | null => safeStorage()?.getItem(STORAGE_KEYS.token) ?? state.token,
  set: (token: string, user: User) => write({ token, user }),
  setToken: (token: string) => write({ ...state, token }),
  setUser: (user: User) => write({ ...state, user }),
  clear: () => write({ token: null, user: null }),
  /** Re-read local storage (another tab changed it, or a test reset it). */
  reload: () => emit(read()),
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
      sessionStore.reload();
    }
  });
}
