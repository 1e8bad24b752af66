import type { Actor } from '../lib/auth';
import type { ChangeHandlers } from '../lib/changes';
import type { Recheck } from './handshake';
import { room, sessionRoom, type IoServer, type IoSocket } from './rooms';

/** The change channel as this process hears it (`watch` of live-changes.ts). */
export type ChangeWatch = (handlers: ChangeHandlers) => () => void;

/**
 * A socket knows its session: checked at the handshake and once connected, then trusted, with no
 * query per message. Every process hears of each change on the change channel and acts on its own
 * sockets at once: a session that ended (signed out, signed out of all devices, a password change,
 * a suspension, a deleted account) closes the sockets bound to it, and any other change of a user
 * has their sockets check their session again before their next message (the actor is read afresh
 * then). While the channel is down nothing is trusted: every message checks, as a call would.
 */
export function watchSessions(io: IoServer, watch: ChangeWatch) {
  let live = false;
  /** This process's sockets in `name`. */
  const socketsIn = (name: string) =>
    [...(io.sockets.adapter.rooms.get(name) ?? [])].flatMap((id) => io.sockets.sockets.get(id) ?? []);
  const uncheck = (socket: IoSocket) => {
    socket.data.checked = false;
    socket.data.changes += 1;
  };
  const off = watch({
    changed(change) {
      if (change.kind === 'data' || change.kind === 'lists') return;
      if (change.kind === 'sessionsEnded') {
        const bound = change.sessionId ? sessionRoom(change.sessionId) : room(change.userId);
        for (const socket of socketsIn(bound)) {
          socket.data.ended = true;
          socket.disconnect(true);
        }
      }
      for (const socket of socketsIn(room(change.userId))) uncheck(socket);
    },
    live(value) {
      live = value;
      if (!value) for (const socket of io.sockets.sockets.values()) uncheck(socket);
    },
  });
  return { isLive: () => live, off };
}

/**
 * The socket's actor as of now: the one it holds while that is trusted, else its session checked
 * again; null once its session has ended.
 */
export async function currentActor(socket: IoSocket, recheck: Recheck): Promise<Actor | null> {
  if (socket.data.ended) return null;
  return socket.data.checked ? socket.data.actor : recheck();
}
