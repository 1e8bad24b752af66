import type { CreateRequestBody } from '@campusrun/shared';
import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

/**
 * New requests written without a network: kept on the device (for the member who wrote them), shown
 * on My Requests as waiting, and posted once each, in order, when the network is back. One the server
 * refuses then (its deadline passed meanwhile) stays, with the server's words, until it is discarded.
 */

type QueuedState = 'queued' | 'sending' | 'failed';

export interface QueuedRequest {
  key: string;
  /** The request as it will be sent, its deadline as ISO 8601. */
  body: Omit<CreateRequestBody, 'deadline'> & { deadline: string };
  state: QueuedState;
  /** Why the server refused it (state `failed`). */
  error?: string;
}

interface Stored {
  userId: string;
  items: QueuedRequest[];
}

const STORAGE_KEY = 'campusrun.outbox.requests';
const EMPTY: QueuedRequest[] = [];

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

function load(userId: string | undefined): QueuedRequest[] {
  const text = userId ? storage()?.getItem(STORAGE_KEY) : null;
  if (!text) return EMPTY;
  try {
    const stored = JSON.parse(text) as Partial<Stored>;
    if (stored.userId !== userId || !Array.isArray(stored.items)) return EMPTY;
    // One being sent when the app closed is sent again (it had no answer).
    return stored.items.map((item) => (item.state === 'sending' ? { ...item, state: 'queued' } : item));
  } catch {
    return EMPTY;
  }
}

let owner = sessionStore.get().user?.id;
let items = load(owner);
const listeners = new Set<() => void>();

function set(next: QueuedRequest[]) {
  items = next;
  const store = storage();
  if (store && owner) {
    if (next.length)
      store.setItem(STORAGE_KEY, JSON.stringify({ userId: owner, items: next } satisfies Stored));
    else store.removeItem(STORAGE_KEY);
  }
  for (const listener of listeners) listener();
}

// Another member signing in, or signing out, never sees the last one's waiting requests.
sessionStore.subscribe(() => {
  const next = sessionStore.get().user?.id;
  if (next === owner) return;
  if (owner) storage()?.removeItem(STORAGE_KEY);
  owner = next;
  items = load(owner);
  for (const listener of listeners) listener();
});

const update = (key: string, change: Partial<QueuedRequest>) =>
  set(items.map((item) => (item.key === key ? { ...item, ...change } : item)));

/**
 * Keeps a new request to post when the network is back. It carries a client id of its own, so a
 * post whose answer is lost and is sent again is still one request on the server.
 */
export function queueRequest(body: CreateRequestBody): QueuedRequest {
  const item: QueuedRequest = {
    key: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    body: { ...body, clientId: body.clientId ?? crypto.randomUUID(), deadline: body.deadline.toISOString() },
    state: 'queued',
  };
  set([...items, item]);
  return item;
}

/** Cancel (still waiting) or discard (refused): it is never posted. */
export function dropQueued(key: string): void {
  set(items.filter((item) => item.key !== key));
}

/** The waiting requests, oldest first. */
export function useQueuedRequests(): QueuedRequest[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => EMPTY,
  );
}

let posting = false;

/**
 * Posts every waiting request once, in order. No answer (the network went again) leaves it waiting
 * for the next time; a refusal keeps it with the server's words. `onPosted` is told of each one.
 */
export async function postQueued(
  send: (body: CreateRequestBody) => Promise<unknown>,
  onPosted: (item: QueuedRequest) => void,
): Promise<void> {
  if (posting) return;
  posting = true;
  try {
    for (;;) {
      const item = items.find((candidate) => candidate.state === 'queued');
      if (!item) return;
      update(item.key, { state: 'sending' });
      try {
        await send({ ...item.body, deadline: new Date(item.body.deadline) });
      } catch (error) {
        if (error instanceof ApiError && error.status > 0) {
          update(item.key, { state: 'failed', error: error.message });
          continue;
        }
        update(item.key, { state: 'queued' });
        return;
      }
      dropQueued(item.key);
      onPosted(item);
    }
  } finally {
    posting = false;
  }
}
