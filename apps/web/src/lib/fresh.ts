import { useSyncExternalStore } from 'react';

/** How long an item that just arrived live stays highlighted. */
const FRESH_MS = 4000;

const fresh = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Highlights the item with this id for a moment (e.g. a request that just appeared in a list). */
export function markFresh(id: string) {
  clearTimeout(fresh.get(id));
  fresh.set(
    id,
    setTimeout(() => {
      fresh.delete(id);
      notify();
    }, FRESH_MS),
  );
  notify();
}

/** Whether the item with this id just arrived live. */
export function useIsFresh(id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => fresh.has(id),
    () => false,
  );
}
