import {
  type DehydratedState,
  type Query,
  type QueryClient,
  dehydrate,
  hydrate,
} from '@tanstack/react-query';
import { CAMPUS_CONFIG_KEY } from './campus-config';
import { sessionStore } from './session';

/**
 * The member's own data kept on the device, so a phone that loses the network (or an installed app
 * opened offline at the gate) still shows the last requests, deliveries, handover codes, chats and
 * money seen. It is saved for one member (their id is part of it), restored only for that member,
 * and wiped on sign-out or when someone else signs in on the device. Public lists (the marketplace)
 * and other people's screens (moderation, profiles) are never kept.
 */

const STORAGE_KEY = 'campusrun.offline';
/** Bumped when the kept data's shape changes: an older copy is ignored. */
const VERSION = 1;
/** Older than this, what was kept is no longer worth showing. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Kept queries stay in memory this long after their screen closes, so they are there to save. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** Saving waits for a quiet moment: at most once in this long. */
const SAVE_EVERY_MS = 2_000;
/** Above this many characters, chat threads are left out (local storage is small on some phones). */
const MAX_CHARS = 2_000_000;
/** The service worker reads this entry to know a member is signed in here (public/offline-sw.js). */
const SESSION_CACHE = 'campusrun-session';
const SESSION_MARK = '/offline-session';

/** The first part of each kept query's key. */
const KEPT = [
  CAMPUS_CONFIG_KEY,
  'dashboard',
  'requests',
  'settlements',
  'chat',
  'notifications',
  'runs',
  'trips',
];

interface Saved {
  version: number;
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const isKept = (query: Query) => query.state.status === 'success' && KEPT.includes(String(query.queryKey[0]));
const isChatThread = (query: Query) => query.queryKey[0] === 'chat' && query.queryKey[1] === 'thread';

function read(userId: string): DehydratedState | null {
  const text = storage()?.getItem(STORAGE_KEY);
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<Saved>;
    if (saved.version !== VERSION || saved.userId !== userId || !saved.state) return null;
    if (typeof saved.savedAt !== 'number' || Date.now() - saved.savedAt > MAX_AGE_MS) return null;
    return saved.state;
  } catch {
    return null;
  }
}

/**
 * Puts what was kept for the signed-in member into the cache. A query already there with newer data
 * keeps it (a screen the server drew a moment ago wins); the rest shows at once and is fetched again
 * as soon as a screen uses it and the network allows, however fresh it looks (a chat thread is
 * otherwise kept fresh by live events, which a closed app did not get).
 */
export function restoreOfflineCache(queryClient: QueryClient): void {
  const userId = sessionStore.get().user?.id;
  if (!userId) return;
  const state = read(userId);
  if (!state) return;
  const cache = queryClient.getQueryCache();
  const restored = new Set(
    state.queries
      .filter((kept) => (cache.get(kept.queryHash)?.state.dataUpdatedAt ?? -1) < kept.state.dataUpdatedAt)
      .map((kept) => kept.queryHash),
  );
  hydrate(queryClient, state);
  void queryClient.invalidateQueries({
    predicate: (query) => restored.has(query.queryHash),
    refetchType: 'none',
  });
}

function save(queryClient: QueryClient) {
  const userId = sessionStore.get().user?.id;
  const store = storage();
  if (!store || !userId) return;
  const write = (shouldDehydrateQuery: (query: Query) => boolean) => {
    const saved: Saved = {
      version: VERSION,
      userId,
      savedAt: Date.now(),
      state: dehydrate(queryClient, { shouldDehydrateQuery }),
    };
    return JSON.stringify(saved);
  };
  let text = write(isKept);
  if (text.length > MAX_CHARS) text = write((query) => isKept(query) && !isChatThread(query));
  try {
    store.setItem(STORAGE_KEY, text);
  } catch {
    // The device is out of room: an old copy must not be shown as the latest.
    store.removeItem(STORAGE_KEY);
  }
}

/** Forgets what was kept (sign-out, or another member signing in here). */
export function clearOfflineCache(): void {
  storage()?.removeItem(STORAGE_KEY);
  markSignedIn(false);
}

/** Tells the service worker whether a member is signed in here: it then opens the app offline. */
function markSignedIn(signedIn: boolean) {
  if (typeof caches === 'undefined') return;
  void caches
    .open(SESSION_CACHE)
    .then(async (cache) => {
      if (signedIn) await cache.put(SESSION_MARK, new Response('1'));
      else await cache.delete(SESSION_MARK);
    })
    .catch(() => undefined);
}

/**
 * Keeps the member's own data on the device from now on: kept queries live a day in memory, and the
 * cache is saved a moment after the start and after each change, and whenever the page is hidden.
 * Returns a stop function.
 */
export function keepOfflineCache(queryClient: QueryClient): () => void {
  for (const key of KEPT)
    if (key !== CAMPUS_CONFIG_KEY) queryClient.setQueryDefaults([key], { gcTime: KEEP_MS });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    save(queryClient);
  };
  const schedule = () => {
    if (!timer) timer = setTimeout(flush, SAVE_EVERY_MS);
  };
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')) schedule();
  });
  let userId = sessionStore.get().user?.id;
  markSignedIn(Boolean(userId));
  const stopSession = sessionStore.subscribe(() => {
    const next = sessionStore.get().user?.id;
    if (next === userId) return;
    // Signed out, or another member signed in: nothing of the last one stays on the device.
    if (userId) clearOfflineCache();
    userId = next;
    if (next) markSignedIn(true);
  });
  // What the page arrived with (a screen drawn by the server) is kept too, not only later changes.
  schedule();
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  return () => {
    if (timer) clearTimeout(timer);
    stopCache();
    stopSession();
    document.removeEventListener('visibilitychange', onHide);
  };
}
