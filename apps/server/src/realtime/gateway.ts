import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  clientIdField,
  messageContent,
  type ClientToServerEvents,
  type SendAck,
  type ServerToClientEvents,
  CHAT_MESSAGES,
  SOCKET_OPTIONS,
} from '@campusrun/shared';
import { SESSION_EXPIRED, type Actor, type Authenticator } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { AppError } from '../lib/errors';
import { TOO_MANY_MESSAGES, type ChatService } from '../modules/chat/chat.service';

interface SocketData {
  actor: Actor;
  /** When the handshake's token expires (ms since the epoch); the socket is closed then. */
  expiresAt: number;
  /** Receivers this socket told it is typing to, so a disconnect can stop them. */
  typingTo: Set<string>;
  /** Products this socket watches (each is a joined `product:{id}` room). */
  watching: Set<string>;
}
type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const room = (userId: string) => `user:${userId}`;
/** The sockets opened with one session's token (one signed-in device). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The users of `userIds` with at least one open socket on any process (the adapter asks them all). */
export async function onlineUsersAmong(io: Pick<IoServer, 'in'>, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const sockets = await io.in(userIds.map(room)).fetchSockets();
  return new Set(sockets.map((s) => s.data.actor?.id).filter((id): id is string => Boolean(id)));
}
/** Every day scholar's sockets: they hear of requests joining and leaving the available list. */
export const DAY_SCHOLARS_ROOM = 'role:dayscholar';
/** Sockets that have a product's page open (product:watch). */
export const productRoom = (productId: string) => `product:${productId}`;
/**
 * Sockets that may see this user's presence and typing (a check said so). A block takes its two
 * users' sockets out of each other's room on every process, so it takes effect on open sockets.
 */
export const seesRoom = (userId: string) => `sees:${userId}`;

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
} as const;

/** Answers of a refused handshake (the `connect_error` message the client sees). */
export const HANDSHAKE_ERRORS = {
  unauthorized: 'unauthorized',
  tooMany: 'Too many connection attempts. Please wait a moment.',
  failed: 'Could not connect. Please try again.',
} as const;

/** A refused handshake; `data` reaches the client as `error.data` (when to try again). */
class HandshakeError extends Error {
  constructor(
    message: string,
    readonly data?: { retryAfter: number },
  ) {
    super(message);
  }
}

/** setTimeout's longest delay; a token living longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const sendPayload = z.object({
  receiverId: z.uuid({ error: 'Invalid receiver' }),
  message: messageContent,
  clientId: clientIdField,
  productId: z.uuid().optional(),
});
const typingPayload = z.object({ receiverId: z.uuid() });
const watchPayload = z.object({ id: z.uuid() });
const checkPayload = z.array(z.uuid()).max(REALTIME_LIMITS.checkMax);

/**
 * Socket.IO on the app's HTTP server. Identity comes from the handshake token, checked like a bearer
 * header, and again before every message; a socket closes when its token expires or is revoked.
 * Every socket joins `user:{id}`; a day scholar's also `role:dayscholar`, and one with a product page
 * open `product:{id}`. With REDIS_URL the Redis adapter carries rooms, presence, pushes and
 * disconnections across every process sharing the database.
 */
export async function openRealtime(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'log'>) {
  const io: IoServer = new Server(app.server, {
    path: SOCKET_OPTIONS.path,
    maxHttpBufferSize: REALTIME_LIMITS.maxHttpBufferSize,
    serveClient: false,
    // Same origin only: the web app is served by this server (or proxied to it in development).
    cors: undefined,
  });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (ctx.config.redisUrl) {
    // Loaded only when configured: a single process without Redis starts faster.
    const [{ createAdapter }, { Redis }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('ioredis'),
    ]);
    pub = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    for (const client of [pub, sub])
      client.on('error', (err) => ctx.log.warn({ err, module: 'realtime' }, 'redis adapter error'));
    io.adapter(createAdapter(pub, sub, { requestsTimeout: 3000 }));
  }
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
    await Promise.all([pub?.quit().catch(() => undefined), sub?.quit().catch(() => undefined)]);
  });
  return io;
}
export type RealtimeServer = Awaited<ReturnType<typeof openRealtime>>;

/**
 * The gateway's handlers on an opened server: handshakes, presence, typing, client events and the
 * pushes of app events. `chat` is the app's one chat service (services.ts).
 */
export function attachRealtime(
  app: FastifyInstance,
  io: IoServer,
  ctx: AppContext,
  authenticate: Authenticator,
  chat: ChatService,
) {
  const log = ctx.log.child({ module: 'realtime' });
  // Per client address, as many handshakes a minute as API calls.
  const handshakes = ctx.limiter('socket-handshake-ip', {
    points: ctx.config.rateLimits.global,
    duration: 60,
  });
  const eventBudget = ctx.limiter('socket-events', { points: REALTIME_LIMITS.eventsPerMinute, duration: 60 });

  /** The users of `userIds` with at least one open socket on any process. */
  async function onlineAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const sockets = await io.in(userIds.map(room)).fetchSockets();
    return new Set(sockets.map((s) => s.data.actor?.id).filter((id): id is string => Boolean(id)));
  }

  async function socketCount(userId: string) {
    return (await io.in(room(userId)).fetchSockets()).length;
  }

  async function announce(userId: string, event: 'user:online' | 'user:offline') {
    const peers = await chat.presencePeers(userId);
    if (peers.length > 0) io.to(peers.map(room)).emit(event, userId);
  }

  /**
   * After a block neither of the two sees the other's presence or typing, on any process, from now:
   * their sockets forget each other, and each is shown the other offline and not typing.
   */
  function separate(a: string, b: string) {
    for (const [user, other] of [
      [a, b],
      [b, a],
    ] as const) {
      io.in(room(user)).socketsLeave(seesRoom(other));
      io.to(room(user)).emit('typing:stop', { senderId: other, receiverId: user });
      io.to(room(user)).emit('user:offline', other);
    }
  }

  // The client's address as the API sees it: X-Forwarded-For is read only through the trusted proxies.
  const proxies: boolean | string[] = ctx.config.trustProxy;
  const trustedProxy = Array.isArray(proxies) ? proxyAddr.compile(proxies) : () => Boolean(proxies);
  const clientAddress = (socket: IoSocket) => proxyAddr(socket.request, trustedProxy);

  const bearerOf = (socket: IoSocket) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    return typeof token === 'string' && token.length > 0 && token.length <= 4096 ? `Bearer ${token}` : null;
  };

  async function admit(socket: IoSocket) {
    try {
      await handshakes.consume(clientAddress(socket), HANDSHAKE_ERRORS.tooMany);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429)
        throw new HandshakeError(err.message, { retryAfter: err.extra.retryAfter ?? 60 });
      // Without the shared counter, admit (the token is still checked) rather than refuse everyone.
      log.warn({ err }, 'socket handshake limit unavailable');
    }
    const bearer = bearerOf(socket);
    const session = bearer ? await authenticate.session(bearer) : null;
    if (!session) throw new HandshakeError(HANDSHAKE_ERRORS.unauthorized);
    socket.data.actor = session.actor;
    socket.data.expiresAt = session.expiresAt;
    socket.data.typingTo = new Set();
    socket.data.watching = new Set();
  }

  io.use((socket, next) => {
    admit(socket).then(
      () => next(),
      (err: unknown) => {
        if (err instanceof HandshakeError) return next(err);
        log.error({ err }, 'socket handshake failed');
        next(new HandshakeError(HANDSHAKE_ERRORS.failed, { retryAfter: 5 }));
      },
    );
  });

  /** Closes the socket when its token expires. */
  function expireAt(socket: IoSocket, at: number) {
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      const left = at - Date.now();
      if (left <= 0) return void socket.disconnect(true);
      timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
      timer.unref();
    };
    check();
    socket.once('disconnect', () => clearTimeout(timer));
  }

  io.on('connection', (socket: IoSocket) => {
    const me = socket.data.actor.id;
    const bearer = bearerOf(socket)!;
    void socket.join(room(me));
    if (socket.data.actor.sessionId) void socket.join(sessionRoom(socket.data.actor.sessionId));
    const { role, isProfileComplete } = socket.data.actor;
    if (role === 'dayscholar' && isProfileComplete) void socket.join(DAY_SCHOLARS_ROOM);
    expireAt(socket, socket.data.expiresAt);

    /** The actor as of now, or null when the socket's token has been revoked or has expired. */
    async function recheck() {
      const session = await authenticate.session(bearer);
      if (session) socket.data.actor = session.actor;
      return session?.actor ?? null;
    }

    void (async () => {
      // A revocation that committed between the handshake's check and the join above missed this
      // socket; checking again now that it is in the room closes that gap.
      if (!(await recheck())) return void socket.disconnect(true);
      if ((await socketCount(me)) === 1) await announce(me, 'user:online');
    })().catch((err: unknown) => log.warn({ err }, 'presence announcement failed'));

    // One budget of events per user, shared by their sockets on every process. Past it, events are
    // dropped; a message gets its refusal as the acknowledgement.
    socket.use(([event, ...args], next) => {
      eventBudget.tryConsume(me).then(
        (allowed) => {
          if (allowed) return next();
          const ack = args[args.length - 1];
          if (event === 'message:send' && typeof ack === 'function')
            (ack as (answer: SendAck) => void)({ ok: false, error: TOO_MANY_MESSAGES });
        },
        (err: unknown) => {
          // Without the shared counter, serve rather than go silent; sends keep their own limit.
          log.warn({ err }, 'socket event budget unavailable');
          next();
        },
      );
    });

    /**
     * Those of `ids` whose presence and typing this socket may see (both have written to each other,
     * neither blocks the other). A yes is kept as membership of `sees:{id}`, which a block takes
     * away. The socket joins before asking, so a block committed while the answer is on its way
     * still takes it out; an id being asked about counts as unseen until the answer is in.
     */
    const asking = new Map<string, Promise<unknown>>();
    const sees = (id: string) => socket.rooms.has(seesRoom(id)) && !asking.has(id);
    async function visibleAmong(ids: string[]): Promise<Set<string>> {
      const unknown = ids.filter((id) => !socket.rooms.has(seesRoom(id)) && !asking.has(id));
      if (unknown.length > 0) {
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
      await Promise.all(ids.map((id) => asking.get(id)));
      return new Set(ids.filter(sees));
    }

    // A product page follows its product while open: updates and removal reach it at once. Anyone who
    // may open product pages (a complete profile) may watch, up to watchMax products per socket.
    socket.on('product:watch', (payload) => {
      const parsed = watchPayload.safeParse(payload);
      const { watching } = socket.data;
      if (!parsed.success || !socket.data.actor.isProfileComplete) return;
      if (watching.has(parsed.data.id) || watching.size >= REALTIME_LIMITS.watchMax) return;
      watching.add(parsed.data.id);
      void socket.join(productRoom(parsed.data.id));
    });
    socket.on('product:unwatch', (payload) => {
      const parsed = watchPayload.safeParse(payload);
      if (!parsed.success || !socket.data.watching.delete(parsed.data.id)) return;
      void socket.leave(productRoom(parsed.data.id));
    });

    // Presence only of conversation partners (and oneself); anyone else is reported offline.
    socket.on('user:check', (userIds) => {
      const parsed = checkPayload.safeParse(userIds);
      if (!parsed.success) return;
      void (async () => {
        const others = [...new Set(parsed.data)].filter((id) => id !== me);
        const visible = await visibleAmong(others);
        const online = await onlineAmong([...visible]);
        const status: Record<string, boolean> = {};
        for (const id of parsed.data) status[id] = id === me || online.has(id);
        socket.emit('user:status', status);
      })().catch((err: unknown) => log.warn({ err }, 'user:check failed'));
    });

    socket.on('message:send', (payload, ack) => {
      if (typeof ack !== 'function') return; // Without an acknowledgement the client cannot know; refuse.
      const reply = (answer: SendAck) => ack(answer);
      const parsed = sendPayload.safeParse(payload);
      if (!parsed.success) {
        return reply({ ok: false, error: parsed.error.issues[0]?.message ?? CHAT_MESSAGES.failed });
      }
      const { receiverId, message, clientId, productId } = parsed.data;
      void (async () => {
        const actor = await recheck();
        if (!actor) {
          reply({ ok: false, error: SESSION_EXPIRED });
          return void socket.disconnect(true);
        }
        if (!actor.isProfileComplete) {
          return reply({ ok: false, error: 'Please complete your profile to continue.' });
        }
        const { message: stored } = await chat.send(
          actor,
          { receiverId, content: message, clientId, productId },
          socket.id,
        );
        reply({ ok: true, message: stored });
      })().catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode < 500) return reply({ ok: false, error: err.message });
        log.error({ err }, 'message:send failed');
        reply({ ok: false, error: CHAT_MESSAGES.failed });
      });
    });

    // Typing goes only to conversation partners, to at most typingMax of them at once, in the order
    // the events came (a start still being checked is never overtaken by its stop).
    let typingQueue = Promise.resolve();
    const typing = (event: 'typing:start' | 'typing:stop') => (payload: unknown) => {
      const parsed = typingPayload.safeParse(payload);
      if (!parsed.success || parsed.data.receiverId === me) return;
      const { receiverId } = parsed.data;
      typingQueue = typingQueue
        .then(async () => {
          const to = socket.data.typingTo;
          if (event === 'typing:stop') {
            if (!to.delete(receiverId) || !sees(receiverId)) return;
          } else {
            if (!to.has(receiverId) && to.size >= REALTIME_LIMITS.typingMax) return;
            // Asked again on every start: a block since the last one has ended it.
            if (!(await visibleAmong([receiverId])).has(receiverId)) return void to.delete(receiverId);
            if (socket.disconnected) return;
            to.add(receiverId);
          }
          io.to(room(receiverId)).emit(event, { senderId: me, receiverId });
        })
        .catch((err: unknown) => log.warn({ err }, 'typing relay failed'));
    };
    socket.on('typing:start', typing('typing:start'));
    socket.on('typing:stop', typing('typing:stop'));

    // Still in its rooms here: whom a block has separated from it since hears no stop.
    socket.on('disconnecting', () => {
      for (const receiverId of socket.data.typingTo)
        if (!sees(receiverId)) socket.data.typingTo.delete(receiverId);
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
  });

  // Pushes for what happened anywhere in this process (REST or socket); the adapter fans them out.
  const off = ctx.events.on((event) => {
    switch (event.type) {
      case 'message.created': {
        const { message, origin } = event;
        const target = io.to([room(message.receiverId), room(message.senderId)]);
        (origin ? target.except(origin) : target).emit('message:new', message);
        return;
      }
      case 'message.read':
        io.to(room(event.senderId)).emit('message:read', {
          readerId: event.readerId,
          senderId: event.senderId,
          readAt: event.readAt,
        });
        return;
      case 'user.sessions_revoked':
        // The adapter has every process close the ended session's sockets, or all the user's;
        // clients reconnect with their current token (the device that changed the password has a
        // new one; others are refused).
        io.in(event.sessionId ? sessionRoom(event.sessionId) : room(event.userId)).disconnectSockets(true);
        return;
      case 'users.blocked':
        separate(event.blockerId, event.blockedId);
        return;
      case 'notification.created': {
        const { userId, ...notification } = event.notification;
        io.to(room(userId)).emit('notification', notification);
        return;
      }
      // Entity changes for open screens (docs/decisions/0006-entity-events.md).
      case 'request.updated':
        for (const { userId, request } of event.views)
          io.to(room(userId)).emit('request:updated', { request });
        return;
      case 'request.available':
        io.to(DAY_SCHOLARS_ROOM)
          .except(event.except.map(room))
          .emit('request:available', { request: event.request });
        return;
      case 'request.unavailable':
        io.to(DAY_SCHOLARS_ROOM)
          .except(event.except.map(room))
          .emit('request:unavailable', { id: event.requestId });
        return;
      case 'product.updated':
        io.to(productRoom(event.forOthers.id))
          .except(room(event.sellerId))
          .emit('product:updated', { product: event.forOthers });
        io.to(room(event.sellerId)).emit('product:updated', { product: event.forSeller });
        return;
      case 'offer.updated':
        io.to([room(event.offer.buyer.id), room(event.sellerId)]).emit('offer:updated', {
          offer: event.offer,
        });
        return;
      case 'product.removed':
        io.to([productRoom(event.productId), room(event.sellerId)]).emit('product:removed', {
          id: event.productId,
        });
        return;
      case 'listing.hidden':
        // Open lists drop it; its owner's own screens keep it.
        if (event.targetType === 'request')
          io.to(DAY_SCHOLARS_ROOM)
            .except(room(event.ownerId))
            .emit('request:unavailable', { id: event.targetId });
        else
          io.to(productRoom(event.targetId))
            .except(room(event.ownerId))
            .emit('product:removed', { id: event.targetId });
        return;
      default:
        return;
    }
  });

  app.addHook('preClose', async () => {
    off();
  });
}
