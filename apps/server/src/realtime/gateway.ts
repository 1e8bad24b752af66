import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../lib/auth';
import type { AppContext } from '../lib/app-context';
import type { Database } from '../db/client';
import type { ChatService } from '../modules/chat/chat.service';
import { createClientEvents } from './client-events';
import { fanOut } from './fan-out';
import { checkHandshakes, expireAt, recheckerOf } from './handshake';
import { createPresence } from './presence';
import { watchSessions, type ChangeWatch } from './sessions';
import { DAY_SCHOLARS_ROOM, MEMBERS_ROOM, room, sessionRoom, type IoServer, type IoSocket } from './rooms';

export { HANDSHAKE_ERRORS } from './handshake';
export { REALTIME_LIMITS, onlineUsersAmong } from './rooms';
export { openRealtime, type RealtimeServer } from './server';

/**
 * The gateway on an opened Socket.IO server (server.ts). Identity comes from the handshake token,
 * checked again once connected and after any change of the user heard on the change channel
 * (`watch`, sessions.ts); a socket closes when its token expires or its session ends.
 * Every socket joins `user:{id}` and `session:{id}`; a member's (complete profile) also `members`,
 * a day scholar's `role:dayscholar`, and one
 * with a product page open `product:{id}`. App events reach the sockets as the routing table says
 * (live-routes.ts). `chat` is the app's one chat service (services.ts); `heard` holds the change
 * channel (`watch`) and the database's pool, whose queue a message may not join past a bound
 * (client-events.ts).
 */
export function attachRealtime(
  app: FastifyInstance,
  io: IoServer,
  ctx: AppContext,
  authenticate: Authenticator,
  chat: ChatService,
  heard: { watch: ChangeWatch; pool?: Database['pool'] },
) {
  const log = ctx.log.child({ module: 'realtime' });
  checkHandshakes(io, ctx, authenticate, log);
  const presence = createPresence(io, chat, log);
  const sessions = watchSessions(io, heard.watch);
  const attachClientEvents = createClientEvents(ctx, chat, log, () => heard.pool?.waitingCount ?? 0);

  io.on('connection', (socket: IoSocket) => {
    const { id: me, sessionId, role, isProfileComplete } = socket.data.actor;
    void socket.join(room(me));
    if (sessionId) void socket.join(sessionRoom(sessionId));
    if (role === 'dayscholar' && isProfileComplete) void socket.join(DAY_SCHOLARS_ROOM);
    if (isProfileComplete) void socket.join(MEMBERS_ROOM);
    expireAt(socket, socket.data.expiresAt);
    const recheck = recheckerOf(socket, authenticate, sessions.isLive);

    void (async () => {
      // A revocation that committed between the handshake's check and the join above missed this
      // socket; checking again now that it is in the room closes that gap.
      if (!(await recheck())) return void socket.disconnect(true);
      await presence.connected(me);
    })().catch((err: unknown) => log.warn({ err }, 'presence announcement failed'));

    attachClientEvents(socket, recheck);
    presence.attach(socket);
  });

  const off = fanOut(io, ctx.events);
  app.addHook('preClose', async () => {
    off();
    sessions.off();
  });
}
