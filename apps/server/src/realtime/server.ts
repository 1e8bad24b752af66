import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { SOCKET_OPTIONS } from '@campusrun/shared';
import type { AppContext } from '../lib/context';
import { REALTIME_LIMITS, type IoServer } from './rooms';

/**
 * Socket.IO on the app's HTTP server, with no handlers yet (gateway.ts attaches them). With REDIS_URL
 * the Redis adapter carries rooms, presence, pushes and disconnections across every process sharing
 * the database. Its sockets close before the app does.
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
