import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../lib/auth';
import type { AppContext } from '../lib/app-context';
import type { ChatService } from '../modules/chat/chat.service';
import { createClientEvents } from './client-events';
import { fanOut } from './fan-out';
import { checkHandshakes, expireAt, recheckerOf } from './handshake';
import { createPresence } from './presence';
import { DAY_SCHOLARS_ROOM, MEMBERS_ROOM, room, sessionRoom, type IoServer, type IoSocket } from './rooms';

export { HANDSHAKE_ERRORS } from './handshake';
export { REALTIME_LIMITS, onlineUsersAmong } from './rooms';
export { openRealtime, type RealtimeServer } from './server';

/**
 * The gateway on an opened Socket.IO server (server.ts). Identity comes from the handshake token and
 * is checked again before every message; a socket closes when its token expires or is revoked.
 * Every socket joins `user:{id}` and `session:{id}`; a member's (complete profile) also `members`,
 * a day scholar's `role:dayscholar`, and one
 * with a product page open `product:{id}`. App events reach the sockets as the routing table says
 * (live-routes.ts). `chat` is the app's one chat service (services.ts).
 */
export function attachRealtime(
  app: FastifyInstance,
  io: IoServer,
  ctx: AppContext,
  authenticate: Authenticator,
  chat: ChatService,
) {
  const log = ctx.log.child({ module: 'realtime' });
  checkHandshakes(io, ctx, authenticate, log);
  const presence = createPresence(io, chat, log);
  const attachClientEvents = createClientEvents(ctx, chat, log);

  io.on('connection', (socket: IoSocket) => {
    const { id: me, sessionId, role, isProfileComplete } = socket.data.actor;
    void socket.join(room(me));
    if (sessionId) void socket.join(sessionRoom(sessionId));
    if (role === 'dayscholar' && isProfileComplete) void socket.join(DAY_SCHOLARS_ROOM);
    if (isProfileComplete) void socket.join(MEMBERS_ROOM);
    expireAt(socket, socket.data.expiresAt);
    const recheck = recheckerOf(socket, authenticate);

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
  });
}
