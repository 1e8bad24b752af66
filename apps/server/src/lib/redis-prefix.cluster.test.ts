/**
 * Two campuses on one Redis, each with its own database and REDIS_PREFIX (campus A with two
 * processes): live events, change announcements and rate limits stay within their campus.
 * Runs with REDIS_URL (skipped without it):
 *   REDIS_URL=redis://127.0.0.1:6379 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx vitest run --project server src/lib/redis-prefix.cluster
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@campusrun/shared';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createTestDatabase, testConfig } from '../test/build-test-app';
import { authAs, createUser, tokenFor, uniqueEmail } from '../test/factories';
import { freePort } from '../test/free-port';
import { CHANGES_CHANNEL } from './changes';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const redisUrl = process.env.REDIS_URL;
const tag = randomBytes(4).toString('hex');
const PREFIX_A = `campus-a-${tag}`;
const PREFIX_B = `campus-b-${tag}`;

interface Campus {
  database: Database;
  apps: { app: App; url: string }[];
}

describe.skipIf(!redisUrl)('two campuses sharing one Redis under their own REDIS_PREFIX', () => {
  let a: Campus;
  let b: Campus;
  let raw: Redis;
  const sockets: Client[] = [];
  const dataDirs: string[] = [];
  /** Every process's config (they differ in their prefix only); sessions are signed with its secret. */
  let anyConfig: Config;
  const signer = (database: Database) => ({ config: anyConfig, db: database.db });

  async function campus(prefix: string, processes: number): Promise<Campus> {
    const database = await createTestDatabase();
    const apps = [];
    for (let i = 0; i < processes; i++) {
      const config = testConfig({
        redisUrl,
        redisPrefix: prefix,
        changeChannel: 'redis',
        rateLimits: { auth: 3 },
      });
      dataDirs.push(config.dataDir);
      anyConfig = config;
      const app = await buildApp(config, database);
      const url = await app.listen({ port: await freePort(), host: '127.0.0.1' });
      apps.push({ app, url });
    }
    return { database, apps };
  }

  const online = async (url: string, token: string) => {
    const s: Client = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    return s;
  };

  /** Everything `event` brings to `s` within `ms`. */
  const heard = (s: Client, event: 'message:new', ms = 1000) =>
    new Promise<unknown[]>((resolve) => {
      const got: unknown[] = [];
      const keep = (v: unknown) => got.push(v);
      s.on(event, keep);
      setTimeout(() => {
        s.off(event, keep);
        resolve(got);
      }, ms);
    });

  beforeAll(async () => {
    raw = new Redis(redisUrl!);
    a = await campus(PREFIX_A, 2);
    b = await campus(PREFIX_B, 1);
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const c of [a, b]) {
      for (const { app } of c?.apps ?? []) await app.close();
      await c?.database.close();
    }
    for (const prefix of [PREFIX_A, PREFIX_B]) {
      const keys = await raw.keys(`${prefix}:*`);
      if (keys.length) await raw.del(...keys);
    }
    raw?.disconnect();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('subscribes only to channels under its prefix', async () => {
    const channels = (await raw.pubsub('CHANNELS', `${PREFIX_A}:*`)) as string[];
    expect(channels).toContain(`${PREFIX_A}:${CHANGES_CHANNEL}`);
    expect(channels.some((c) => c.startsWith(`${PREFIX_A}:socket.io`))).toBe(true);
  });

  it("a chat message reaches the campus's other process, never the other campus", async () => {
    // The same two accounts (same ids) on both campuses, so both would join the same rooms.
    const alice = await createUser(a.database.db, { name: 'Alice North' });
    const bob = await createUser(a.database.db, { name: 'Bob North' });
    await b.database.db.insert(users).values([alice, bob]);
    const [, a2] = a.apps;
    const sameCampus = await online(a2!.url, await tokenFor(signer(a.database), bob));
    const otherCampus = await online(b.apps[0]!.url, await tokenFor(signer(b.database), bob));
    const onA = heard(sameCampus, 'message:new');
    const onB = heard(otherCampus, 'message:new');

    const sent = await a.apps[0]!.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await authAs(signer(a.database), alice),
      payload: { receiverId: bob.id, content: 'only for campus A' },
    });
    expect(sent.statusCode).toBe(201);
    expect(await onA).toEqual([expect.objectContaining({ content: 'only for campus A' })]);
    expect(await onB).toEqual([]);
  });

  it("announces changes on its own channel, which the other campus's is not", async () => {
    const listener = new Redis(redisUrl!);
    try {
      // Other apps on this machine's Redis may publish on the unprefixed channel: only the messages
      // about this test's user count.
      const user = await createUser(a.database.db);
      const got: string[] = [];
      listener.on('message', (channel: string, message: string) => {
        if (message.includes(user.id)) got.push(channel);
      });
      const channels = [CHANGES_CHANNEL, ...[PREFIX_A, PREFIX_B].map((p) => `${p}:${CHANGES_CHANNEL}`)];
      await listener.subscribe(...channels);
      const res = await a.apps[0]!.app.inject({
        method: 'POST',
        url: '/api/auth/logout-all',
        headers: await authAs(signer(a.database), user),
      });
      expect(res.statusCode).toBeLessThan(300);
      await expect.poll(() => got, { timeout: 2000 }).toContain(`${PREFIX_A}:${CHANGES_CHANNEL}`);
      await new Promise((r) => setTimeout(r, 200));
      expect(new Set(got)).toEqual(new Set([`${PREFIX_A}:${CHANGES_CHANNEL}`]));
    } finally {
      listener.disconnect();
    }
  });

  it("exhausting a limit on one campus leaves the other's untouched", async () => {
    const login = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('limit'), password: 'wrong-pass' },
        remoteAddress: '192.0.2.44',
      });
    const [a1, a2] = a.apps.map((p) => p.app);
    for (let i = 0; i < 3; i++) expect((await login(a1!)).statusCode).toBe(401);
    expect((await login(a1!)).statusCode).toBe(429);
    // Counted together across campus A's processes, through Redis.
    expect((await login(a2!)).statusCode).toBe(429);
    expect((await login(b.apps[0]!.app)).statusCode).toBe(401);
    expect(await raw.keys(`${PREFIX_A}:rl:*`)).not.toHaveLength(0);
  });
});
