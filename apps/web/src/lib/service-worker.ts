import type { Workbox } from 'workbox-window';

/** What the app uses of workbox-window's `Workbox` (a fake stands in for it in tests). */
export type WorkerControl = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>;

/** A new version of the app, installed by the service worker and waiting for the user's go-ahead. */
export interface AppUpdate {
  /** True once a new version waits. */
  isWaiting(): boolean;
  subscribe(listener: () => void): () => void;
  /** Lets the waiting version take over, then reloads the page onto it. */
  apply(): void;
}

/** Follows a registered service worker: a waiting new worker becomes an update to offer. */
export function watchForUpdates(worker: WorkerControl, reload = () => window.location.reload()): AppUpdate {
  let waiting = false;
  const listeners = new Set<() => void>();
  worker.addEventListener('waiting', () => {
    waiting = true;
    for (const listener of listeners) listener();
  });
  return {
    isWaiting: () => waiting,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply() {
      // The new worker takes control once it has skipped waiting; the page then reloads onto it.
      worker.addEventListener('controlling', () => reload());
      worker.messageSkipWaiting();
    },
  };
}

/**
 * Registers /sw.js after the page has loaded (production builds only), so installing the worker and
 * its precache never competes with the first screen. workbox-window is loaded on demand.
 */
export function registerServiceWorker(): AppUpdate | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const ready = new Promise<Workbox>((resolve) => {
    const begin = () =>
      void import('workbox-window')
        .then(({ Workbox }) => {
          const workbox = new Workbox('/sw.js', { scope: '/' });
          resolve(workbox);
          return workbox.register();
        })
        .catch(() => undefined);
    if (document.readyState === 'complete') begin();
    else window.addEventListener('load', begin, { once: true });
  });
  const worker: WorkerControl = {
    addEventListener: ((type: 'waiting', listener: () => void) =>
      void ready.then((w) => w.addEventListener(type, listener))) as WorkerControl['addEventListener'],
    messageSkipWaiting: () => void ready.then((w) => w.messageSkipWaiting()),
  };
  return watchForUpdates(worker);
}
