import type { ChatMessage } from './schemas/chat';
import type { Offer } from './schemas/market';
import type { AppNotification } from './schemas/notifications';
import type { Trip } from './schemas/logistics';
import type { Product } from './schemas/products';
import type { DeliveryRequest } from './schemas/requests';
import type { Settlement } from './schemas/settlements';

/**
 * The answer to `message:send`: the stored message, or why it was refused. `busy`: the server has too
 * many messages on their way (this member's, or everyone's) and took none of this one; the client
 * keeps it and sends it again after `retryAfter` milliseconds.
 */
export type SendAck =
  | { ok: true; message: ChatMessage }
  | { ok: false; error: string }
  | { ok: false; error: string; reason: 'busy'; retryAfter: number };

export interface TypingPayload {
  senderId: string;
  receiverId: string;
}

/** Events the server sends. */
export interface ServerToClientEvents {
  'user:online': (userId: string) => void;
  'user:offline': (userId: string) => void;
  'user:status': (status: Record<string, boolean>) => void;
  notification: (notification: AppNotification) => void;
  'message:new': (message: ChatMessage) => void;
  /** `readerId` has read every message `senderId` sent them, up to now. */
  'message:read': (receipt: { readerId: string; senderId: string; readAt: string }) => void;
  'typing:start': (payload: TypingPayload) => void;
  'typing:stop': (payload: TypingPayload) => void;
  /** A request of the viewer's changed (to its requester and deliverer), presented for them. */
  'request:updated': (payload: { request: DeliveryRequest }) => void;
  /** To every day scholar: a request is open to accept (new, reposted, or its delivery given up). */
  'request:available': (payload: { request: DeliveryRequest }) => void;
  /** To every day scholar but its parties: a request left the list (accepted, cancelled or expired). */
  'request:unavailable': (payload: { id: string }) => void;
  /**
   * To every member but the seller and those blocked with them: a product was just listed (presented
   * for any buyer), so an open marketplace shows it.
   */
  'product:available': (payload: { product: Product }) => void;
  /** A product the viewer watches (or sells) changed, presented for them. */
  'product:updated': (payload: { product: Product }) => void;
  /** An offer of the viewer's (as buyer or seller) was made or changed status. */
  'offer:updated': (payload: { offer: Offer }) => void;
  /** A product the viewer watches (or sells) was deleted. */
  'product:removed': (payload: { id: string }) => void;
  /**
   * To every member but its runner and those blocked with them: a trip was just posted, presented
   * for any hosteller (to hostellers) or any day scholar (to day scholars).
   */
  'trip:available': (payload: { trip: Trip }) => void;
  /** A trip of the viewer's (as runner, or as a hosteller who added or took off a request) changed. */
  'trip:updated': (payload: { trip: Trip }) => void;
  /** To every member: a trip was cancelled by its runner. */
  'trip:removed': (payload: { id: string }) => void;
  /**
   * To every member: a shared run was started, joined, left, accepted or cancelled. Open run screens
   * refetch it (GET /runs/{id}, or the list), which answers what this viewer may see.
   */
  'run:changed': (payload: { id: string }) => void;
  /** To every member: `userId` was rated, so a screen showing their rating reads it again. */
  'rating:changed': (payload: { userId: string }) => void;
  /** A settlement of the viewer's (as payer or payee) was opened or changed state, presented for them. */
  'settlement:updated': (payload: { settlement: Settlement }) => void;
}

/** A product id to follow while its page is open (`product:watch`) or to stop following. */
export interface ProductWatchPayload {
  id: string;
}

/** Events the client sends. Identity always comes from the handshake token. */
export interface ClientToServerEvents {
  'user:check': (userIds: string[]) => void;
  'message:send': (
    payload: { receiverId: string; message: string; clientId: string; productId?: string },
    ack: (answer: SendAck) => void,
  ) => void;
  'typing:start': (payload: TypingPayload) => void;
  'typing:stop': (payload: TypingPayload) => void;
  'product:watch': (payload: ProductWatchPayload) => void;
  'product:unwatch': (payload: ProductWatchPayload) => void;
}

/** Reconnection delay 1000 → 5000 ms, connect timeout 20000 ms (docs/product.md#realtime-events). */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
  transports: ['websocket', 'polling'],
} as const;
