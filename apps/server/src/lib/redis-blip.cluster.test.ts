/**
 * Two real server processes on PostgreSQL and a Redis of this test's own, which hangs (SIGSTOP),
 * dies (SIGKILL) and comes back on the same port while both serve traffic. Runs only with
 * TEST_DATABASE_URL and a redis-server binary:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx vitest run --project server src/lib/redis-blip.cluster
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@campusrun/shared';
import { openPostgres, type Database } from '../db/client';
import { messages } from '../db/schema';
import { createUser, DEFAULT_PASSWORD, tokenFor } from '../test/factories';
import { freePort } from '../test/free-port';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const REDIS_SERVER = '/usr/bin/redis-server';
const testDbUrl = process.env.TEST_DATABASE_URL;
const enabled = Boolean(testDbUrl && existsSync(REDIS_SERVER));
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JWT_SECRET = `blip-${randomBytes(16).toString('hex')}`;
const config = { jwtSecret: JWT_SECRET } as Parameters<typeof tokenFor>[0]['config'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A throwaway Redis on `port`, answering once this resolves. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return child;
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}

interface Proc {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: string[];
}

async function startServer(databaseUrl: string, redisUrl: string): Promise<Proc> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-blip-'));
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/server.js')], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // Changes between processes travel over Redis too, so its return is tested there as well.
      CHANGE_CHANNEL: 'redis',
      JWT_SECRET,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REQUEST_SWEEP_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const p = { child, url: `http://127.0.0.1:${port}`, dataDir, output };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output.join('')}`);
    const ready = await fetch(`${p.url}/api/health/ready`).catch(() => undefined);
    if (ready?.ok) return p;
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output.join('')}`);
    await sleep(200);
  }
}

function client(url: string, token: string): Promise<Client> {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe.skipIf(!enabled)('a Redis blip under two server processes', () => {
  let admin: pg.Client;
  let dbName: string;
  let database: Database;
  let redisPort: number;
  let redis: ChildProcess;
  let procs: Proc[] = [];
  const sockets: Client[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    admin = new pg.Client({ connectionString: testDbUrl });
    await admin.connect();
    dbName = `campusrun_blip_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${dbName} template ${inject('pgTemplateDb')}`);
    const target = new URL(testDbUrl!);
    target.pathname = `/${dbName}`;
    database = await openPostgres(target.toString(), 2);
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    procs = await Promise.all([
      startServer(target.toString(), redisUrl),
      startServer(target.toString(), redisUrl),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const p of procs) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        const exited = new Promise((r) => p.child.once('exit', r));
        p.child.kill('SIGTERM');
        await exited;
      }
      rmSync(p.dataDir, { recursive: true, force: true });
    }
    if (redis?.exitCode === null && redis.signalCode === null) redis.kill('SIGKILL');
    await database?.close();
    for (let attempt = 0; admin && dbName; attempt++) {
      try {
        await admin.query(`drop database if exists ${dbName}${attempt >= 10 ? ' with (force)' : ''}`);
        break;
      } catch (err) {
        if (attempt >= 10) throw err;
        await sleep(500);
      }
    }
    await admin?.end();
  }, 60_000);

  it('a Redis blip: stopped for 20 s during traffic, no answer is ≥ 500 but readiness’s 503 (within 2 s), no acknowledged write is lost, and chat between the processes works again within 10 s of its return', async () => {
    const [p1, p2] = procs as [Proc, Proc];
    const people = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const user = await createUser(database.db, { role: i % 2 ? 'dayscholar' : 'hosteller' });
        return { user, token: await tokenFor({ config, db: database.db }, user) };
      }),
    );
    const [asha, ravi] = people as [(typeof people)[0], (typeof people)[0]];
    const onP1 = await client(p1.url, asha.token);
    const onP2 = await client(p2.url, ravi.token);
    sockets.push(onP1, onP2);
    const heard = new Set<string>();
    onP2.on('message:new', (m: ChatMessage) => void heard.add(m.content));
    /** Sends over process 1's socket and waits up to `ms` for process 2's socket to hear it. */
    const chatCrosses = async (ms: number) => {
      const content = `hello ${randomUUID()}`;
      const ack = await onP1
        .timeout(3000)
        .emitWithAck('message:send', { receiverId: ravi.user.id, message: content, clientId: randomUUID() })
        .catch(() => undefined);
      const until = Date.now() + ms;
      while (Date.now() < until && !heard.has(content)) await sleep(50);
      return Boolean(ack?.ok) && heard.has(content);
    };
    expect(await chatCrosses(3000)).toBe(true);

    // Traffic on both processes: reads, sign-ins, chat writes (each sender within its limit) and
    // readiness probes, until told to stop.
    const failures: string[] = [];
    const acknowledged: string[] = [];
    const ready: { status: number; ms: number; at: number }[] = [];
    let running = true;
    const timed = async (label: string, send: () => Promise<Response>) => {
      const started = Date.now();
      const res = await send().catch((err: Error) => {
        failures.push(`${label}: ${err.message}`);
        return undefined;
      });
      // Readiness's 503 is its answer; anything else ≥ 500 is a failure.
      const expected = label === 'ready' && res?.status === 503;
      if (res && res.status >= 500 && !expected) failures.push(`${label}: ${res.status} ${await res.text()}`);
      return { res, ms: Date.now() - started };
    };
    const lastProbe = [0, 0];
    const loops = [p1, p2].map(async (p, side) => {
      for (let tick = 0; running; tick++) {
        const me = people[(tick + side) % people.length]!;
        const other = people[(tick + side + 1) % people.length]!;
        const auth = { authorization: `Bearer ${me.token}` };
        await timed('config', () => fetch(`${p.url}/api/config`));
        await timed('me', () => fetch(`${p.url}/api/auth/me`, { headers: auth }));
        if (tick % 5 === 0)
          await timed('login', () =>
            fetch(`${p.url}/api/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: me.user.email, password: DEFAULT_PASSWORD }),
            }),
          );
        const content = `write ${randomUUID()}`;
        const { res } = await timed('write', () =>
          fetch(`${p.url}/api/chat`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ receiverId: other.user.id, content, clientId: randomUUID() }),
          }),
        );
        if (res?.status === 201) acknowledged.push(content);
        // Readiness is probed as a load balancer does, within its own 60 a minute per address.
        if (Date.now() - lastProbe[side]! >= 1500) {
          lastProbe[side] = Date.now();
          const probe = await timed('ready', () => fetch(`${p.url}/api/health/ready`));
          if (probe.res) ready.push({ status: probe.res.status, ms: probe.ms, at: Date.now() });
        }
        await sleep(250);
      }
    });

    await sleep(2000);
    // Redis hangs (its connections stay open, nothing answers), then dies, for 20 s in all.
    const stoppedAt = Date.now();
    redis.kill('SIGSTOP');
    await sleep(8000);
    const killed = new Promise((r) => redis.once('exit', r));
    redis.kill('SIGKILL');
    await killed;
    // Meanwhile a socket still connects, and live events on one process still reach its own sockets.
    const raviOnP1 = await client(p1.url, ravi.token);
    sockets.push(raviOnP1);
    const local = `local ${randomUUID()}`;
    const arrived = new Promise<string>((resolve) =>
      raviOnP1.on('message:new', (m: ChatMessage) => m.content === local && resolve(m.content)),
    );
    const localAck = await onP1
      .timeout(3000)
      .emitWithAck('message:send', { receiverId: ravi.user.id, message: local, clientId: randomUUID() });
    expect(localAck.ok).toBe(true);
    expect(await arrived).toBe(local);
    await sleep(stoppedAt + 20_000 - Date.now());
    const metricsWhileAway = await (await fetch(`${p1.url}/api/metrics`)).text();
    // Redis answers as soon as it is up, which is before startRedis has seen it: readiness may say
    // 200 from then on, so "away" ends when the restart begins.
    const restartAt = Date.now();
    redis = await startRedis(redisPort);
    const backAt = Date.now();

    // Chat between the processes resumes by itself, with no restart.
    let crossed = false;
    while (!crossed && Date.now() - backAt < 10_000) crossed = await chatCrosses(1000);
    expect(crossed).toBe(true);
    await sleep(1500);
    running = false;
    await Promise.all(loops);

    expect(failures).toEqual([]);
    // Readiness said 503 while Redis was away, each answer within 2 s, and 200 again after.
    const away = ready.filter((r) => r.at > stoppedAt + 2500 && r.at < restartAt);
    expect(away.length).toBeGreaterThan(0);
    expect(away.filter((r) => r.status !== 503)).toEqual([]);
    expect(ready.filter((r) => r.ms >= 2000)).toEqual([]);
    expect(ready.at(-1)?.status, JSON.stringify(ready.slice(-5))).toBe(200);
    // Every acknowledged write is stored, some of them made while Redis was away.
    expect(acknowledged.length).toBeGreaterThan(20);
    const stored = await database.db
      .select({ content: messages.content })
      .from(messages)
      .where(inArray(messages.content, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
    // Metrics and logs say so: the gauge while away and after, one warning per process per outage.
    expect(metricsWhileAway).toMatch(/^redis_up 0$/m);
    expect(await (await fetch(`${p1.url}/api/metrics`)).text()).toMatch(/^redis_up 1$/m);
    for (const p of procs)
      expect(p.output.join('').match(/Redis is not answering/g)?.length, p.output.join('')).toBe(1);
  }, 90_000);
});
