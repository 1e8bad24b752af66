import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { SOCKET_OPTIONS } from '@campusrun/shared';
import type { AppContext } from '../lib/app-context';
import type { Metrics } from '../lib/metrics';
import { COMMAND_CLIENT, endClient, redisName, SUBSCRIBER_CLIENT, type RedisHealth } from '../lib/redis';
import { REALTIME_LIMITS, type IoServer } from './rooms';

/**
 * Socket.IO on the app's HTTP server, with no handlers yet (gateway.ts attaches them). With REDIS_URL
 * the Redis adapter carries rooms, presence, pushes and disconnections across every process sharing
 * the database. While Redis does not answer (`health`), each process serves its own sockets: pushes to
 * sockets on other processes are dropped, questions about them ("who is online") are answered with
 * this process's sockets alone; the subscriptions are made again when Redis is back. Its sockets
 * close before the app does. With `metrics`, whether the adapter's two connections are up is reported
 * at each scrape.
 */
export async function openRealtime(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'log'>,
  health?: RedisHealth,
  metrics?: Pick<Metrics, 'addGauge'>,
) {
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
    const [{ RedisAdapter }, { Redis }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('ioredis'),
    ]);
    const publisher = new Redis(ctx.config.redisUrl, COMMAND_CLIENT);
    const subscriber = new Redis(ctx.config.redisUrl, SUBSCRIBER_CLIENT);
    for (const client of [publisher, subscriber])
      client.on('error', (err) => ctx.log.debug({ err, module: 'realtime' }, 'redis adapter error'));
    // The adapter publishes without waiting for the answer: while Redis is away a push to another
    // process is dropped (the health watch says so once), never an unhandled rejection.
    const publish = publisher.publish.bind(publisher);
    publisher.publish = ((channel: string, message: string | Buffer) =>
      publish(channel, message).catch(() => 0)) as unknown as typeof publisher.publish;
    class Adapter extends RedisAdapter {
      constructor(nsp: ConstructorParameters<typeof RedisAdapter>[0]) {
        super(nsp, publisher, subscriber, {
          key: redisName(ctx.config.redisPrefix, 'socket.io'),
          requestsTimeout: 3000,
        });
      }
      /** How many processes to ask; just this one while Redis does not answer. */
      override async serverCount() {
        if (health && !health.up) return 1;
        try {
          return await super.serverCount();
        } catch {
          health?.failed();
          return 1;
        }
      }
    }
    io.adapter(Adapter);
    pub = publisher;
    sub = subscriber;
    metrics?.addGauge(
      'socketio_redis_adapter_up',
      "Whether each connection of the Socket.IO Redis adapter is open (1) or not (0): without both, live events do not cross between this process's sockets and other processes'",
      () => ({
        publisher: publisher.status === 'ready' ? 1 : 0,
        subscriber: subscriber.status === 'ready' ? 1 : 0,
      }),
      'client',
    );
  }
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
    await Promise.all([pub && endClient(pub), sub && endClient(sub)]);
  });
  return io;
}
export type RealtimeServer = Awaited<ReturnType<typeof openRealtime>>;
