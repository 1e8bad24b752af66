import { type ClientToServerEvents, SOCKET_OPTIONS, type ServerToClientEvents } from '@campusrun/shared';
import type { Socket, io as createSocket } from 'socket.io-client';
import {
  type ReactNode,
  createContext,
  startTransition,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
} from 'react';
import { afterFirstScreen } from './after-first-screen';
import { useOnline } from './online';
import { fetchCurrentUser, useAuth } from './auth';
import { sessionStore } from './session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** `connecting`: first attempt; `reconnecting`: was up (or failed) and is trying again; `off`: signed out. */
type SocketStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

export interface SocketValue {
  socket: AppSocket | null;
  connected: boolean;
  status: SocketStatus;
  /** Goes up by one on every reconnect after a drop (so screens can refetch what they missed). */
  reconnects: number;
}

const idle: SocketValue = { socket: null, connected: false, status: 'off', reconnects: 0 };

const SocketContext = createContext<SocketValue>(idle);

/**
 * The delay before attempt `n` (0-based) is 1000 ms doubling up to 5000 ms, spread by ±50%
 * like socket.io's own (so clients dropped together by a restarting server do not return together).
 */
export function reconnectDelay(n: number, random = Math.random()): number {
  const { reconnectionDelay, reconnectionDelayMax } = SOCKET_OPTIONS;
  return Math.min(reconnectionDelay * 2 ** n * (0.5 + random), reconnectionDelayMax);
}

/**
 * The live connection: opens only when signed in, closes on sign-out or when the token changes. The
 * server knows who is connecting from the handshake's `auth: { token }` alone. socket.io-client is
 * loaded on first sign-in, so the login screen does not carry it.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { token, user, isAuthenticated } = useAuth();
  const userId = isAuthenticated ? (user?.id ?? null) : null;
  const session = token && userId ? `${userId}:${token}` : null;
  // State belongs to one session; a new session starts from 'connecting' (derived, not set).
  const [state, setState] = useState<SocketValue & { session: string | null }>({ ...idle, session: null });

  useEffect(() => {
    if (!session || !token || !userId) return;
    let cancelled = false;
    let socket: AppSocket | null = null;
    let everConnected = false;
    let connectedAt = 0;
    /** Server-side closes in a row that came soon after connecting (for the backoff). */
    let drops = 0;
    /** Handshakes refused in a row for a reason other than the token (for the backoff). */
    let refusals = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A change of the connection is drawn as a transition: every screen part that reads it (each
    // message of a long thread) is drawn again in slices, never in one long task among the taps.
    const update = (next: (prev: SocketValue) => SocketValue) =>
      startTransition(() =>
        setState((prev) => {
          const base: SocketValue = prev.session === session ? prev : { ...idle, status: 'connecting' };
          return { ...next(base), session };
        }),
      );
    /** Open a socket that socket.io gave up on, after `delay` (once; a newer call replaces it). */
    const connectLater = (s: AppSocket, delay: number) => {
      clearTimeout(retry);
      retry = setTimeout(() => {
        if (!cancelled && !s.active) s.connect();
      }, delay);
    };

    const start = ({ io }: { io: typeof createSocket }) => {
      if (cancelled) return;
      const s: AppSocket = io({
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        auth: { token },
      });
      socket = s;
      s.on('connect', () => {
        refusals = 0;
        const again = everConnected;
        everConnected = true;
        connectedAt = Date.now();
        update((prev) => ({
          socket: s,
          connected: true,
          status: 'connected',
          reconnects: again ? prev.reconnects + 1 : prev.reconnects,
        }));
      });
      s.on('disconnect', (reason) => {
        update((prev) => ({ ...prev, socket: s, connected: false, status: 'reconnecting' }));
        // Closed by the server (e.g. it is restarting): socket.io does not reconnect by itself. One
        // connect() hands the socket back to its manager, which keeps retrying with its backoff.
        if (reason === 'io server disconnect') {
          const soon = Date.now() - connectedAt < SOCKET_OPTIONS.reconnectionDelayMax;
          drops = soon ? drops + 1 : 0;
          connectLater(s, reconnectDelay(drops));
        }
      });
      s.on('connect_error', (error: Error & { data?: { retryAfter?: unknown } }) => {
        update((prev) => ({ ...prev, socket: s, connected: false, status: 'reconnecting' }));
        // A refused handshake is not retried by socket.io.
        if (s.active) return;
        if (error.message === 'unauthorized') {
          // A newer token (e.g. after a password change) replaces this socket: nothing to check.
          if (sessionStore.getToken() !== token) return;
          // Check the session over HTTP, whose 401 handling ends it (a revoked or expired token);
          // a session that is still good gets a fresh attempt.
          void fetchCurrentUser()
            .then(() => connectLater(s, SOCKET_OPTIONS.reconnectionDelayMax))
            .catch(() => {});
          return;
        }
        // Refused for now (too many attempts from this address, or a server hiccup): try again
        // when the server says, else with the usual backoff.
        const retryAfter = Number(error.data?.retryAfter);
        connectLater(s, retryAfter > 0 ? retryAfter * 1000 : reconnectDelay(refusals++));
      });
      update((prev) => ({ ...prev, socket: s }));
    };
    // The client library is loaded on first sign-in, once the first screen is drawn; if that
    // download fails (offline, or a new version replaced the file), say so with the banner and try
    // again with the same backoff.
    let loadFailures = 0;
    const load = () => {
      import('socket.io-client').then(start, () => {
        if (cancelled) return;
        update((prev) => ({ ...prev, status: 'reconnecting' }));
        retry = setTimeout(load, reconnectDelay(loadFailures++));
      });
    };
    const cancelLoad = afterFirstScreen(load);

    return () => {
      cancelled = true;
      cancelLoad();
      clearTimeout(retry);
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  }, [session, token, userId]);

  const value = useMemo<SocketValue>(() => {
    if (!session) return idle;
    if (state.session !== session) return { ...idle, status: 'connecting' };
    const { socket, connected, status, reconnects } = state;
    return { socket, connected, status, reconnects };
  }, [session, state]);

  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketValue {
  return useContext(SocketContext);
}

/** Listen to a server event for as long as the component is mounted; the handler may change freely. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
) {
  const { socket } = useSocket();
  const onEvent = useEffectEvent((...args: Parameters<ServerToClientEvents[E]>) => {
    (handler as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args);
  });
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => onEvent(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}

/** Run `callback` after every reconnect (not on the first connect). */
export function useOnReconnect(callback: () => void) {
  const { reconnects } = useSocket();
  const run = useEffectEvent(callback);
  useEffect(() => {
    if (reconnects > 0) run();
  }, [reconnects]);
}

/** Height of the connection banner while it shows (0 otherwise), for full-height screens (chat). */
const BANNER_HEIGHT_VAR = '--reconnecting-banner-height';

/** How long "Back online" stays once the network is back. */
const BACK_ONLINE_MS = 3000;

/** What the banner says: the browser has no network, the live connection is down, or it is back. */
function useConnectionState(): 'offline' | 'reconnecting' | 'back' | null {
  const { status } = useSocket();
  const online = useOnline();
  const [back, setBack] = useState(false);
  const [wasOffline, setWasOffline] = useState(false);
  if (!online && !wasOffline) setWasOffline(true);
  if (online && wasOffline) {
    setWasOffline(false);
    setBack(true);
  }
  useEffect(() => {
    if (!back) return;
    const timer = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [back]);
  if (!online) return 'offline';
  if (status === 'reconnecting') return 'reconnecting';
  return back ? 'back' : null;
}

const BANNER = {
  offline: {
    text: 'You’re offline. Showing what was last loaded.',
    tone: 'bg-slate-200 text-slate-900',
  },
  reconnecting: { text: 'Reconnecting…', tone: 'bg-amber-100 text-amber-900' },
  back: { text: 'Back online', tone: 'bg-green-100 text-green-900' },
} as const;

/**
 * The network as the student needs to know it, in a thin banner under the header: offline as soon as
 * the browser says so, "Reconnecting…" while the live connection is down, and "Back online" for a
 * moment once the network returns. It takes its place in the page (covering nothing) and publishes
 * its height in a CSS variable, so a screen sized to the viewport (the chat thread) shrinks by as
 * much instead of being pushed down.
 */
export function ConnectionBanner() {
  const state = useConnectionState();
  useEffect(() => {
    if (!state) return;
    const root = document.documentElement.style;
    root.setProperty(BANNER_HEIGHT_VAR, '2rem');
    return () => {
      root.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, [state]);
  return (
    <div role="status" aria-live="polite" className="sticky top-(--top-bar-height) z-20">
      {state && (
        <p className={`flex h-8 items-center justify-center px-4 text-sm font-medium ${BANNER[state].tone}`}>
          {BANNER[state].text}
        </p>
      )}
    </div>
  );
}
