import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@campusrun/shared';
import type { Actor } from '../lib/auth';

interface SocketData {
  /** Who the socket speaks for, as its session was last checked. */
  actor: Actor;
  /**
   * The actor was checked since its user last changed (on any process) while changes were heard:
   * sends trust it. Cleared by a change of the user or while the change channel is down; the next
   * send checks the session again (sessions.ts).
   */
  checked: boolean;
  /** Changes of its user heard so far, so a check that began before one does not count. */
  changes: number;
  /** Its session ended: it sends nothing more and is closed. */
  ended: boolean;
  /** When the handshake's token expires (ms since the epoch); the socket is closed then. */
  expiresAt: number;
  /** Receivers this socket told it is typing to, so a disconnect can stop them. */
  typingTo: Set<string>;
  /** Products this socket watches (each is a joined `product:{id}` room). */
  watching: Set<string>;
}
export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Every socket of one user. */
export const room = (userId: string) => `user:${userId}`;
/** The sockets opened with one session's token (one signed-in device). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Every day scholar's sockets: they hear of requests joining and leaving the available list. */
export const DAY_SCHOLARS_ROOM = 'role:dayscholar';
/** Every member's sockets (a complete profile): they hear of products being listed. */
export const MEMBERS_ROOM = 'members';
/** Sockets that have a product's page open (product:watch). */
export const productRoom = (productId: string) => `product:${productId}`;
/**
 * Sockets that may see this user's presence and typing (a check said so). A block takes its two
 * users' sockets out of each other's room on every process, so it takes effect on open sockets.
 */
export const seesRoom = (userId: string) => `sees:${userId}`;

/** The users of `userIds` with at least one open socket on any process (the adapter asks them all). */
export async function onlineUsersAmong(io: Pick<IoServer, 'in'>, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const sockets = await io.in(userIds.map(room)).fetchSockets();
  return new Set(sockets.map((s) => s.data.actor?.id).filter((id): id is string => Boolean(id)));
}

export const REALTIME_LIMITS = {
  /** A chat message is at most 2000 characters; anything near this size is abuse. */
  maxHttpBufferSize: 64 * 1024,
  checkMax: 200,
  /**
   * Events one user may send per minute over all their sockets on every process (typing repeats
   * every 1.5 s while typing; messages have their own, lower limit in the chat service).
   */
  eventsPerMinute: 300,
  /** Receivers one socket may be shown typing to at once. */
  typingMax: 20,
  /** Products one socket may watch at once (a page watches one; a few tabs' worth is plenty). */
  watchMax: 20,
  /** Users one socket remembers it may see; past this it forgets them all and asks again. */
  seesMax: 1000,
  /**
   * Chat messages being handled at once, on this process and per member (over their sockets on this
   * process). Past either, or while `dbWaitingMax` database calls already wait for a connection, a
   * message is refused at once with `retryAfterMs`, and the client sends it again then: a queue
   * would only make every message late. A member chatting (one at a time per conversation) never
   * meets these.
   */
  sendsInFlight: 500,
  sendsInFlightPerMember: 5,
  dbWaitingMax: 50,
  retryAfterMs: 1000,
} as const;
