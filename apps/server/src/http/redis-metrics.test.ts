/**
 * What GET /api/metrics says of Redis, with a Redis of this test's own that goes away: whether it
 * answers (redis_up), the Socket.IO adapter's two connections, the change channel between processes
 * (carried by Redis here) and the readiness check. Runs where a redis-server binary is installed.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { freePort } from '../test/free-port';
import { REDIS_SERVER, startRedis } from '../test/redis-server';

/** The Redis figures of one scrape, by series ('redis_up', 'socketio_redis_adapter_up{client="publisher"}'…). */
async function redisFigures(t: TestApp) {
  const body = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
  const wanted =
    /^(redis_up|socketio_redis_adapter_up\{[^}]*\}|change_channel_live|readiness_check_up\{check="redis"\}) (\d+)$/gm;
  return Object.fromEntries([...body.matchAll(wanted)].map((m) => [m[1]!, Number(m[2])]));
}

const allAt = (value: number) => ({
  redis_up: value,
  'socketio_redis_adapter_up{client="publisher"}': value,
  'socketio_redis_adapter_up{client="subscriber"}': value,
  change_channel_live: value,
  'readiness_check_up{check="redis"}': value,
});

describe.skipIf(!existsSync(REDIS_SERVER))('Redis in /api/metrics', () => {
  let redis: ChildProcess | undefined;
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    t = await buildTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await t?.close();
  });

  it('reports Redis, the adapter, the change channel and readiness up, and each down once Redis is gone', async () => {
    await expect.poll(() => redisFigures(t), { timeout: 10_000 }).toEqual(allAt(1));
    redis!.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    redis = undefined;
    await expect.poll(() => redisFigures(t), { timeout: 10_000 }).toEqual(allAt(0));
  });
});
