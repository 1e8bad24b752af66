/**
 * The signed-in member's chat messages the server has not stored yet, kept on the device so that
 * closing the app loses none of them, and the texts of messages the server refused while their
 * thread was not on screen (they go back to that thread's composer when it opens). One member's
 * copy at a time: it is read only for the member who wrote it.
 */

/** A message not stored yet: enough to send it again, with the same clientId, after a restart. */
export interface KeptMessage {
  partnerId: string;
  clientId: string;
  content: string;
  sentAt: string;
  productId?: string;
}

export interface Kept {
  /** In the order written. */
  messages: KeptMessage[];
  /** partnerId → the text to give back to the composer of that thread. */
  returned: Record<string, string>;
}

interface Stored extends Kept {
  userId: string;
}

const STORAGE_KEY = 'campusrun.outbox.chat';

const NOTHING_KEPT: Kept = { messages: [], returned: {} };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isKeptMessage(value: unknown): value is KeptMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return (
    isText(m.partnerId) &&
    isText(m.clientId) &&
    isText(m.content) &&
    isText(m.sentAt) &&
    (m.productId === undefined || isText(m.productId))
  );
}

function returnedTexts(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => isText(entry[1])),
  );
}

/** What `userId` left on this device; nothing for anyone else (or for nobody signed in). */
export function readKept(userId: string | undefined): Kept {
  const text = userId ? storage()?.getItem(STORAGE_KEY) : null;
  if (!text) return NOTHING_KEPT;
  try {
    const stored = JSON.parse(text) as Partial<Stored>;
    if (stored.userId !== userId || !Array.isArray(stored.messages)) return NOTHING_KEPT;
    return { messages: stored.messages.filter(isKeptMessage), returned: returnedTexts(stored.returned) };
  } catch {
    return NOTHING_KEPT;
  }
}

/** Keep `kept` for `userId` (nothing left: the copy is removed). */
export function writeKept(userId: string, kept: Kept): void {
  const store = storage();
  if (!store) return;
  const empty = kept.messages.length === 0 && Object.keys(kept.returned).length === 0;
  try {
    if (empty) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, JSON.stringify({ userId, ...kept } satisfies Stored));
  } catch {
    // A full storage keeps the messages in memory only: they still go while the app is open.
  }
}

/** Another member signs in, or the member signs out: the copy goes. */
export function forgetKept(): void {
  storage()?.removeItem(STORAGE_KEY);
}
