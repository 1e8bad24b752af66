import type { User } from '@campusrun/shared';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/App';
import { createQueryClient } from '@/app/providers';
import { AppRoutes, createRoutes } from '@/app/router';
import { loadMatchedRoutes } from '@/app/route-preload';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { appReady, markTakeOver } from '@/lib/boot';
import { loadParts } from '@/lib/lazy-part';
import { holdClock } from '@/lib/page-clock';
import { seedCampusConfig } from '@/lib/campus-config';
import { keepOfflineCache, restoreOfflineCache } from '@/lib/offline-cache';
import { startOnlineState } from '@/lib/online';
import { registerServiceWorker } from '@/lib/service-worker';
import { sessionStore } from '@/lib/session';
import { followTheme } from '@/lib/theme';
import './index.css';

// boot/boot.js applied the theme before the first paint; from here it follows changes.
followTheme();

/** A signed-in screen the server drew: for whom, and the data it was drawn with. */
interface DrawnState {
  userId: string;
  user: User;
  queries: DehydratedState;
  /** The lazily loaded parts the screen was drawn with. */
  parts?: string[];
  /** The moment the server drew it at (ms since the epoch): what it says about time is as of then. */
  drawnAt?: number;
}

function readDrawnState(): DrawnState | null {
  const text = document.getElementById('drawn-state')?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DrawnState>;
    return value.userId && value.user && value.queries ? (value as DrawnState) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the first render takes the page's HTML over, and then the lazily loaded parts the page
 * was drawn with (null: the page is drawn afresh). The public screens arrive drawn as a
 * signed-out visitor sees them: a signed-in one is sent on instead, so the page is drawn afresh. A
 * signed-in screen the server drew for this browser's member arrives with its data, which goes into
 * the cache first; drawn for someone else (another account signed in here since), it is drawn afresh.
 */
function takesOver(
  root: HTMLElement,
  queryClient: ReturnType<typeof createQueryClient>,
): { parts: readonly string[]; releaseClock: () => void } | null {
  if (root.firstElementChild === null) return null;
  const stored = sessionStore.get();
  const drawn = readDrawnState();
  if (!drawn) return stored.token ? null : { parts: [], releaseClock: () => {} };
  if (!stored.token || stored.user?.id !== drawn.userId) return null;
  // Fetched by the server a moment ago: just fetched, by this browser's clock.
  const now = Date.now();
  for (const query of drawn.queries.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, drawn.queries);
  sessionStore.setUser(drawn.user);
  // "5 min ago" is taken over as drawn, even when a minute has turned since: React would otherwise
  // throw the drawn HTML away and draw it afresh.
  const releaseClock = typeof drawn.drawnAt === 'number' ? holdClock(drawn.drawnAt) : () => {};
  return { parts: drawn.parts ?? [], releaseClock };
}

/**
 * Gives the main thread back to the browser (to paint, to answer a tap) and goes on in a task of its
 * own: on a slow phone each step of the start is a task short enough not to hold a tap back.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(root: HTMLElement) {
  // The modules' own evaluation was one task; the start's steps follow in tasks of their own.
  await nextTask();
  startOnlineState();
  const queryClient = createQueryClient();
  // The server writes its campus settings into the page, so forms need not ask for them.
  seedCampusConfig(queryClient);
  const routes = createRoutes();
  const drawn = takesOver(root, queryClient);
  const takeOver = drawn !== null;
  if (takeOver) markTakeOver();
  // The member's data kept on this device shows at once (offline too). A page the server drew is
  // taken over with the data it was drawn with first; the kept data joins once that is done.
  if (!takeOver) restoreOfflineCache(queryClient);
  const onReady = () => {
    // Parts of the page (each behind a Suspense boundary) are taken over after the first commit:
    // the clock runs again once the browser is idle, when React has nothing left to take over.
    if (drawn) afterFirstScreen(drawn.releaseClock);
    appReady();
    if (takeOver) restoreOfflineCache(queryClient);
  };
  keepOfflineCache(queryClient);
  await nextTask();
  // The code of every route the address matches (the frame and the screen) is loaded side by side
  // before the first render, which then draws the screen itself; rendered one by one, each lazy part
  // would ask for the next only once it had drawn.
  await loadMatchedRoutes(routes, window.location.pathname);
  // The lazily loaded parts of a drawn screen (a settle card) are taken over with the rest: one still
  // waiting for its code would be drawn afresh on the first change of data, losing a tap meanwhile.
  // After the route code: a part is known by name once the module that declares it has run.
  if (drawn) await loadParts(drawn.parts);
  // A navigation is a transition (BrowserRouter's default): the screen on show stays until the
  // next one's code is here. The routes send any 401 to /login.
  const app = (
    <App queryClient={queryClient} update={registerServiceWorker()}>
      <BrowserRouter>
        <AppRoutes routes={routes} onReady={onReady} />
      </BrowserRouter>
    </App>
  );
  // Taking the drawn page over is a transition: React does it in slices and lets the browser answer a
  // tap in between, instead of one long task (the page is already on screen meanwhile).
  if (takeOver) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  void import('@/lib/vitals').then(({ startVitals }) => startVitals(routes, queryClient));
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
