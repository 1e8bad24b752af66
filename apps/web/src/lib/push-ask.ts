import { useSyncExternalStore } from 'react';

/** What the member just did that notifications would follow up: posted, accepted, offered, saved a search. */
export type PushMoment = 'post' | 'accept' | 'offer' | 'search';

let pending: PushMoment | null = null;
const listeners = new Set<() => void>();

function set(moment: PushMoment | null) {
  pending = moment;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Called where the moment succeeded. Whether the member is asked (supported, not yet subscribed, not
 * declined lately) is decided by the prompt in the signed-in layout, not here.
 */
export const askForPushAfter = (moment: PushMoment) => set(moment);

/** The prompt has answered (or chose not to ask): nothing is pending any more. */
export const endPushAsk = () => set(null);

/** The moment waiting for the prompt, if any. Nothing is pending while a page is drawn on the server. */
export const usePushMoment = (): PushMoment | null =>
  useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
