import type { ChatMessage } from './schemas/chat';
import type { AppNotification } from './schemas/notifications';

/** The answer to `message:send`: the stored message, or why it was refused. */
export type SendAck = { ok: true; message: ChatMessage } | { ok: false; error: string };

export interface TypingPayload {
  senderId: string;
  receiverId: string;
}

/** Events the server sends (spec §7 "Received"). */
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
  error: (message: string) => void;
}

/** Events the client sends (spec §7 "Sent"). Identity always comes from the handshake token. */
export interface ClientToServerEvents {
  'user:login': (userId: string) => void;
  'user:check': (userIds: string[]) => void;
  'message:send': (
    payload: { receiverId: string; message: string; clientId: string },
    ack: (answer: SendAck) => void,
  ) => void;
  'typing:start': (payload: TypingPayload) => void;
  'typing:stop': (payload: TypingPayload) => void;
}

/** Spec §4: reconnection delay 1000 → 5000 ms, connect timeout 20000 ms. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
  transports: ['websocket', 'polling'],
} as const;
