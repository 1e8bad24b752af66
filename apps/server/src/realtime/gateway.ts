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
import type { Actor, Authenticator } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { AppError } from '../lib/errors';
import { createChatService } from '../modules/chat/chat.service';

interface SocketData {
  actor: Actor;
  /** Receivers this socket told it is typing to, so a disconnect can stop them. */
  typingTo: Set<string>;
}
type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const room = (userId: string) => `user:${userId}`;

export const REALTIME_LIMITS = {
  /** A chat message is at most 2000 characters; anything near this size is abuse. */
  maxHttpBufferSize: 64 * 1024,
  checkMax: 200,
  /** message:send per socket: a bucket of 120 that refills 10 per second (bursts, not floods). */
  sendBurst: 120,
  sendPerSecond: 10,
} as const;

const sendPayload = z.object({
  receiverId: z.uuid({ error: 'Invalid receiver' }),
  message: messageContent,
  clientId: clientIdField,
});
const typingPayload = z.object({ receiverId: z.uuid() });
const checkPayload = z.array(z.uuid()).max(REALTIME_LIMITS.checkMax);

/**
 * Socket.IO on the app's HTTP server (spec §7 realtime). Identity comes from the handshake token,
 * checked like a bearer header; every socket joins `user:{id}`. With REDIS_URL the Redis adapter
 * carries rooms, presence and pushes across every process sharing the database.
 */
export async function attachRealtime(app: FastifyInstance, ctx: AppContext, authenticate: Authenticator) {
  const io: IoServer = new Server(app.server, {
    path: SOCKET_OPTIONS.path,
    maxHttpBufferSize: REALTIME_LIMITS.maxHttpBufferSize,
    serveClient: false,
    // Same origin only: the web app is served by this server (or proxied to it in development).
    cors: undefined,
  });
  const log = ctx.log.child({ module: 'realtime' });
  const chat = createChatService(ctx);

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
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'redis adapter error'));
    io.adapter(createAdapter(pub, sub, { requestsTimeout: 3000 }));
  }

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
    const partners = await chat.partnerIds(userId);
    if (partners.length > 0) io.to(partners.map(room)).emit(event, userId);
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
      return next(new Error('unauthorized'));
    }
    authenticate(`Bearer ${token}`).then(
      (actor) => {
        if (!actor) return next(new Error('unauthorized'));
        socket.data.actor = actor;
        socket.data.typingTo = new Set();
        next();
      },
      (err: unknown) => {
        log.error({ err }, 'socket authentication failed');
        next(new Error('unauthorized'));
      },
    );
  });

  io.on('connection', (socket: IoSocket) => {
    const me = socket.data.actor.id;
    void socket.join(room(me));
    let sendTokens: number = REALTIME_LIMITS.sendBurst;
    let sendRefilledAt = Date.now();

    void (async () => {
      if ((await socketCount(me)) === 1) await announce(me, 'user:online');
    })().catch((err: unknown) => log.warn({ err }, 'presence announcement failed'));

    // Compatibility only: identity always comes from the handshake token.
    socket.on('user:login', () => undefined);

    socket.on('user:check', (userIds) => {
      const parsed = checkPayload.safeParse(userIds);
      if (!parsed.success) return;
      onlineAmong(parsed.data).then(
        (online) => {
          const status: Record<string, boolean> = {};
          for (const id of parsed.data) status[id] = online.has(id);
          socket.emit('user:status', status);
        },
        (err: unknown) => log.warn({ err }, 'user:check failed'),
      );
    });

    socket.on('message:send', (payload, ack) => {
      const reply = (answer: SendAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      if (typeof ack !== 'function') return; // Without an acknowledgement the client cannot know; refuse.
      const now = Date.now();
      sendTokens = Math.min(
        REALTIME_LIMITS.sendBurst,
        sendTokens + ((now - sendRefilledAt) / 1000) * REALTIME_LIMITS.sendPerSecond,
      );
      sendRefilledAt = now;
      if (sendTokens < 1) return reply({ ok: false, error: 'Too many messages. Please slow down.' });
      sendTokens -= 1;
      const parsed = sendPayload.safeParse(payload);
      if (!parsed.success) {
        return reply({ ok: false, error: parsed.error.issues[0]?.message ?? CHAT_MESSAGES.failed });
      }
      if (!socket.data.actor.isProfileComplete) {
        return reply({ ok: false, error: 'Please complete your profile to continue.' });
      }
      const { receiverId, message, clientId } = parsed.data;
      chat.send(socket.data.actor, { receiverId, content: message, clientId }, socket.id).then(
        ({ message: stored }) => reply({ ok: true, message: stored }),
        (err: unknown) => {
          if (err instanceof AppError && err.statusCode < 500)
            return reply({ ok: false, error: err.message });
          log.error({ err }, 'message:send failed');
          reply({ ok: false, error: CHAT_MESSAGES.failed });
        },
      );
    });

    const typing = (event: 'typing:start' | 'typing:stop') => (payload: unknown) => {
      const parsed = typingPayload.safeParse(payload);
      if (!parsed.success || parsed.data.receiverId === me) return;
      const { receiverId } = parsed.data;
      if (event === 'typing:start') socket.data.typingTo.add(receiverId);
      else socket.data.typingTo.delete(receiverId);
      io.to(room(receiverId)).emit(event, { senderId: me, receiverId });
    };
    socket.on('typing:start', typing('typing:start'));
    socket.on('typing:stop', typing('typing:stop'));

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
      case 'notification.created': {
        const { userId, ...notification } = event.notification;
        io.to(room(userId)).emit('notification', notification);
        return;
      }
      default:
        return;
    }
  });

  app.addHook('preClose', async () => {
    off();
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
export type RealtimeServer = Awaited<ReturnType<typeof attachRealtime>>;
