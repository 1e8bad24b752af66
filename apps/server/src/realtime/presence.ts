import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ChatService } from '../modules/chat/chat.service';
import { REALTIME_LIMITS, onlineUsersAmong, room, seesRoom, type IoServer, type IoSocket } from './rooms';

const typingPayload = z.object({ receiverId: z.uuid() });
const checkPayload = z.array(z.uuid()).max(REALTIME_LIMITS.checkMax);

type Chat = Pick<ChatService, 'presencePeers' | 'presencePeersAmong'>;

/**
 * Presence and typing, only between conversation partners who do not block each other: a user going
 * online or offline is announced to their partners, `user:check` answers for partners only (anyone
 * else is reported offline), and typing reaches partners only.
 */
export function createPresence(io: IoServer, chat: Chat, log: FastifyBaseLogger) {
  const socketCount = async (userId: string) => (await io.in(room(userId)).fetchSockets()).length;

  async function announce(userId: string, event: 'user:online' | 'user:offline') {
    const peers = await chat.presencePeers(userId);
    if (peers.length > 0) io.to(peers.map(room)).emit(event, userId);
  }

  /** Announces the user online when this is their first socket on any process. */
  const connected = async (userId: string) => {
    if ((await socketCount(userId)) === 1) await announce(userId, 'user:online');
  };

  /** Presence and typing for one connected socket. */
  function attach(socket: IoSocket) {
    const me = socket.data.actor.id;
    const visibility = socketVisibility(socket, chat, log);
    answerStatusChecks(io, socket, visibility, log);
    relayTyping(io, socket, visibility, log);

    // Still in its rooms here: whom a block has separated from it since hears no stop.
    socket.on('disconnecting', () => {
      for (const receiverId of socket.data.typingTo)
        if (!visibility.sees(receiverId)) socket.data.typingTo.delete(receiverId);
    });
    socket.on('disconnect', () => {
      for (const receiverId of socket.data.typingTo) {
        io.to(room(receiverId)).emit('typing:stop', { senderId: me, receiverId });
      }
      socket.data.typingTo.clear();
      void (async () => {
        if ((await socketCount(me)) === 0) await announce(me, 'user:offline');
      })().catch((err: unknown) => log.warn({ err }, 'presence announcement failed'));
    });
  }

  return { connected, attach };
}

type Visibility = ReturnType<typeof socketVisibility>;

/**
 * Those of `ids` whose presence and typing this socket may see (both have written to each other,
 * neither blocks the other). A yes is kept as membership of `sees:{id}`, which a block takes away.
 * The socket joins before asking, so a block committed while the answer is on its way still takes
 * it out; an id being asked about counts as unseen until the answer is in.
 */
function socketVisibility(socket: IoSocket, chat: Chat, log: FastifyBaseLogger) {
  const me = socket.data.actor.id;
  const asking = new Map<string, Promise<unknown>>();
  const sees = (id: string) => socket.rooms.has(seesRoom(id)) && !asking.has(id);

  function ask(unknown: string[]) {
    const remembered = [...socket.rooms].filter((r) => r.startsWith('sees:'));
    if (remembered.length + unknown.length > REALTIME_LIMITS.seesMax)
      for (const r of remembered) if (!asking.has(r.slice('sees:'.length))) void socket.leave(r);
    for (const id of unknown) void socket.join(seesRoom(id));
    const answer = chat
      .presencePeersAmong(me, unknown)
      .catch((err: unknown) => {
        log.warn({ err }, 'presence check failed');
        return new Set<string>();
      })
      .then((peers) => {
        for (const id of unknown) {
          asking.delete(id);
          if (!peers.has(id)) void socket.leave(seesRoom(id));
        }
      });
    for (const id of unknown) asking.set(id, answer);
  }

  async function visibleAmong(ids: string[]): Promise<Set<string>> {
    const unknown = ids.filter((id) => !socket.rooms.has(seesRoom(id)) && !asking.has(id));
    if (unknown.length > 0) ask(unknown);
    await Promise.all(ids.map((id) => asking.get(id)));
    return new Set(ids.filter(sees));
  }

  return { sees, visibleAmong };
}

/** Presence only of conversation partners (and oneself); anyone else is reported offline. */
function answerStatusChecks(io: IoServer, socket: IoSocket, visibility: Visibility, log: FastifyBaseLogger) {
  const me = socket.data.actor.id;
  socket.on('user:check', (userIds) => {
    const parsed = checkPayload.safeParse(userIds);
    if (!parsed.success) return;
    void (async () => {
      const others = [...new Set(parsed.data)].filter((id) => id !== me);
      const visible = await visibility.visibleAmong(others);
      const online = await onlineUsersAmong(io, [...visible]);
      const status: Record<string, boolean> = {};
      for (const id of parsed.data) status[id] = id === me || online.has(id);
      socket.emit('user:status', status);
    })().catch((err: unknown) => log.warn({ err }, 'user:check failed'));
  });
}

/**
 * Typing goes only to conversation partners, to at most typingMax of them at once, in the order the
 * events came (a start still being checked is never overtaken by its stop).
 */
function relayTyping(io: IoServer, socket: IoSocket, visibility: Visibility, log: FastifyBaseLogger) {
  const me = socket.data.actor.id;
  let typingQueue = Promise.resolve();
  const typing = (event: 'typing:start' | 'typing:stop') => (payload: unknown) => {
    const parsed = typingPayload.safeParse(payload);
    if (!parsed.success || parsed.data.receiverId === me) return;
    const { receiverId } = parsed.data;
    typingQueue = typingQueue
      .then(async () => {
        const to = socket.data.typingTo;
        if (event === 'typing:stop') {
          if (!to.delete(receiverId) || !visibility.sees(receiverId)) return;
        } else {
          if (!to.has(receiverId) && to.size >= REALTIME_LIMITS.typingMax) return;
          // Asked again on every start: a block since the last one has ended it.
          if (!(await visibility.visibleAmong([receiverId])).has(receiverId))
            return void to.delete(receiverId);
          if (socket.disconnected) return;
          to.add(receiverId);
        }
        io.to(room(receiverId)).emit(event, { senderId: me, receiverId });
      })
      .catch((err: unknown) => log.warn({ err }, 'typing relay failed'));
  };
  socket.on('typing:start', typing('typing:start'));
  socket.on('typing:stop', typing('typing:stop'));
}
