/**
 * Two real server processes sharing PostgreSQL and Redis: messages, notifications, presence, typing,
 * request events, sign-outs and the chat limit cross between them; their expiry sweeps announce each
 * expired request once; a SIGKILL mid-burst loses no message and duplicates none.
 * Runs only with REDIS_URL and TEST_DATABASE_URL:
 *   REDIS_URL=redis://127.0.0.1:6379 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx vitest run --project server src/realtime/cluster
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  CHAT_MESSAGES,
  type ChatMessage,
  type ClientToServerEvents,
  type SendAck,
  type ServerToClientEvents,
} from '@campusrun/shared';
import { openPostgres, type Database } from '../db/client';
import { messages, requests, users } from '../db/schema';
import { CHAT_SEND_LIMIT } from '../modules/chat/chat.service';
import { REALTIME_LIMITS } from './rooms';
import { createRequest, createUser, tokenFor } from '../test/factories';
import { freePort } from '../test/free-port';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const redisUrl = process.env.REDIS_URL;
const testDbUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JWT_SECRET = `cluster-${randomBytes(16).toString('hex')}`;
const config = { jwtSecret: JWT_SECRET } as Parameters<typeof tokenFor>[0]['config'];

interface Proc {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: string[];
}

async function waitHealthy(p: Proc) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) throw new Error(`server exited:\n${p.output.join('')}`);
    try {
      const res = await fetch(`${p.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${p.output.join('')}`);
}

async function startServer(databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-cluster-'));
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/server.js')], {
    // cwd is the data dir so no developer .env is picked up.
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl!,
      JWT_SECRET,
      // Required in production; this test sends no mail, so nothing listens there.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_GLOBAL: '100000',
      RATE_LIMIT_ACCOUNT: '100000',
      RATE_LIMIT_ADDRESS: '100000',
      RATE_LIMIT_AUTH: '100000',
      // Both processes sweep for expired requests every second (each must be announced once).
      REQUEST_SWEEP_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const p = { child, url: `http://127.0.0.1:${port}`, dataDir, output };
  await waitHealthy(p);
  return p;
}

const open: Client[] = [];
function client(url: string, token: string): Promise<Client> {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  open.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const next = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 5000) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    s.once(
      event as 'user:online',
      ((value: never) => {
        clearTimeout(timer);
        resolve(value);
      }) as never,
    );
  });

/** Resolves with the reason once the server has closed the socket. */
const closed = (s: Client, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const enabled = Boolean(redisUrl && testDbUrl);

describe.skipIf(!enabled)('two server processes behind one Redis', () => {
  let admin: pg.Client;
  let dbName: string;
  let database: Database;
  let p1: Proc;
  let p2: Proc;
  let a: Awaited<ReturnType<typeof createUser>> & { token: string };
  let b: Awaited<ReturnType<typeof createUser>> & { token: string };

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    if (!existsSync(path.join(serverDir, 'dist/server.js')))
      throw new Error('build produced no dist/server.js');
    admin = new pg.Client({ connectionString: testDbUrl });
    await admin.connect();
    dbName = `campusrun_cluster_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${dbName} template ${inject('pgTemplateDb')}`);
    const target = new URL(testDbUrl!);
    target.pathname = `/${dbName}`;
    database = await openPostgres(target.toString(), 2);
    const ua = await createUser(database.db, { role: 'hosteller', name: 'Asha' });
    const ub = await createUser(database.db, { role: 'dayscholar', name: 'Ravi' });
    a = { ...ua, token: await tokenFor({ config, db: database.db }, ua) };
    b = { ...ub, token: await tokenFor({ config, db: database.db }, ub) };
    [p1, p2] = await Promise.all([startServer(target.toString()), startServer(target.toString())]);
  }, 120_000);

  afterAll(async () => {
    for (const s of open) s.disconnect();
    for (const p of [p1, p2]) {
      if (p && p.child.exitCode === null && p.child.signalCode === null) {
        const exited = new Promise((r) => p.child.once('exit', r));
        p.child.kill('SIGTERM');
        await exited;
      }
      if (p) rmSync(p.dataDir, { recursive: true, force: true });
    }
    await database?.close();
    for (let attempt = 0; admin && dbName; attempt++) {
      try {
        await admin.query(`drop database if exists ${dbName}${attempt >= 10 ? ' with (force)' : ''}`);
        break;
      } catch (err) {
        if (attempt >= 10) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await admin?.end();
  }, 60_000);

  it('request events cross processes, and an expired request is announced once by the two sweeps', async () => {
    const h = await createUser(database.db, { role: 'hosteller', name: 'Hari' });
    const dUsers = await Promise.all([1, 2].map(() => createUser(database.db, { role: 'dayscholar' })));
    const [d1, d2] = await Promise.all(
      dUsers.map(async (u) => ({ ...u, token: await tokenFor({ config, db: database.db }, u) })),
    );
    const hToken = await tokenFor({ config, db: database.db }, h);
    const [hs, d1s, d2s] = await Promise.all([
      client(p2.url, hToken),
      client(p1.url, d1!.token),
      client(p2.url, d2!.token),
    ]);

    // Posted on process 2: a day scholar on process 1 hears of it.
    const arrived = next(d1s, 'request:available');
    const res = await fetch(`${p2.url}/api/requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        itemName: 'Cluster chai',
        expectedPrice: 20,
        deadline: new Date(Date.now() + 3600_000).toISOString(),
        deliveryLocation: 'Gate',
      }),
    });
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { id: string } };
    expect((await arrived).request.id).toBe(request.id);

    // Accepted on process 1: the requester on process 2 sees it; the other day scholar hears it left.
    const toH = next(hs, 'request:updated');
    const gone = next(d2s, 'request:unavailable');
    const accepted = await fetch(`${p1.url}/api/requests/${request.id}/accept`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${d1!.token}` },
    });
    expect(accepted.status).toBe(200);
    expect((await toH).request).toMatchObject({ id: request.id, status: 'accepted' });
    expect(await gone).toEqual({ id: request.id });

    // Its deadline passes while on the list: both processes sweep, one announces it, once.
    const expired = await createRequest(database.db, { requester: h });
    await database.db
      .update(requests)
      .set({ deadline: new Date(Date.now() - 1000), updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(requests.id, expired.id));
    const heard: string[] = [];
    for (const s of [d1s, d2s])
      s.on('request:unavailable', ({ id }) => void (id === expired.id && heard.push(id)));
    await new Promise((r) => setTimeout(r, 3500));
    expect(heard).toEqual([expired.id, expired.id]);
  });

  // Runs before the SIGKILL case below, which leaves process 1 dead.
  it('open sockets outlive revocation: signing out a device on one process closes its sockets on both, and only its; one chat limit for both', async () => {
    const [uc, ud] = [
      await createUser(database.db, { role: 'hosteller', name: 'Chitra' }),
      await createUser(database.db, { role: 'dayscholar', name: 'Dinesh' }),
    ];
    const c = { ...uc, token: await tokenFor({ config, db: database.db }, uc) };
    const d = { ...ud, token: await tokenFor({ config, db: database.db }, ud) };

    // The per-user send limit counts sends over a socket on process 1 and over REST on process 2.
    const s1 = await client(p1.url, d.token);
    const viaSocket = (clientId: string) =>
      s1.timeout(5000).emitWithAck('message:send', {
        receiverId: c.id,
        message: 'hi',
        clientId,
      }) as Promise<SendAck>;
    const viaRest = (clientId: string) =>
      fetch(`${p2.url}/api/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${d.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ receiverId: c.id, content: 'hi', clientId }),
      });
    for (let i = 0; i < CHAT_SEND_LIMIT.points; i++) {
      if (i % 2) expect((await viaRest(`limit-${i}`)).status).toBe(201);
      else expect((await viaSocket(`limit-${i}`)).ok).toBe(true);
    }
    const overRest = await viaRest('limit-over-rest');
    expect(overRest.status).toBe(429);
    expect(((await overRest.json()) as { message: string }).message).toBe(CHAT_MESSAGES.tooMany);
    expect(await viaSocket('limit-over-socket')).toEqual({ ok: false, error: CHAT_MESSAGES.tooMany });

    // Signing out one device over process 2 closes that device's sockets on both processes, and
    // only those; signing out of all devices closes the rest.
    const c1 = await client(p1.url, c.token);
    const c2 = await client(p2.url, c.token);
    const laptopToken = await tokenFor({ config, db: database.db }, uc);
    const laptop = await client(p1.url, laptopToken);
    const closings = [closed(c1), closed(c2)];
    const out = await fetch(`${p2.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(out.status).toBe(200);
    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(client(p1.url, c.token)).rejects.toThrow('unauthorized');
    expect(laptop.connected).toBe(true);
    const laptopClosing = closed(laptop);
    const all = await fetch(`${p2.url}/api/auth/logout-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${laptopToken}` },
    });
    expect(all.status).toBe(200);
    expect(await laptopClosing).toBe('io server disconnect');
    expect(s1.connected).toBe(true);
  }, 60_000);

  it('a suspension decided on one process closes the user’s sockets on the other at once', async () => {
    const [um, uo, ur] = [
      await createUser(database.db, { role: 'dayscholar', name: 'Mohan Moderator' }),
      await createUser(database.db, { role: 'hosteller', name: 'Omar Offender' }),
      await createUser(database.db, { role: 'hosteller', name: 'Rekha Reporter' }),
    ];
    await database.db.update(users).set({ isModerator: true }).where(eq(users.id, um.id));
    const json = { 'content-type': 'application/json' };
    const report = await fetch(`${p2.url}/api/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenFor({ config, db: database.db }, ur)}`, ...json },
      body: JSON.stringify({ targetType: 'user', targetId: uo.id, reason: 'harassment' }),
    });
    expect(report.status).toBe(201);
    const reportId = ((await report.json()) as { report: { id: string } }).report.id;

    const offender = await client(p1.url, await tokenFor({ config, db: database.db }, uo));
    const closing = closed(offender);
    const decided = await fetch(`${p2.url}/api/moderation/reports/${reportId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await tokenFor({ config, db: database.db }, um)}`, ...json },
      body: JSON.stringify({ action: 'suspend', reason: 'Threatening messages', days: 3 }),
    });
    expect(decided.status).toBe(200);
    expect(await closing).toBe('io server disconnect');
  }, 60_000);

  it('presence and typing leak across a block: a block on one process ends typing and presence on the other at once', async () => {
    const [uc, ud] = [
      await createUser(database.db, { role: 'hosteller', name: 'Chitra' }),
      await createUser(database.db, { role: 'hosteller', name: 'Dinesh' }),
    ];
    const c = { ...uc, token: await tokenFor({ config, db: database.db }, uc) };
    const d = { ...ud, token: await tokenFor({ config, db: database.db }, ud) };
    for (const [from, to] of [
      [c, d],
      [d, c],
    ] as const) {
      const res = await fetch(`${p2.url}/api/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ receiverId: to.id, content: 'hello' }),
      });
      expect(res.status).toBe(201);
    }
    const sc = await client(p1.url, c.token);
    const sd = await client(p2.url, d.token);
    const typed = next(sd, 'typing:start');
    sc.emit('typing:start', { senderId: c.id, receiverId: d.id });
    expect(await typed).toEqual({ senderId: c.id, receiverId: d.id });

    // D blocks C over process 2; C's socket on process 1 is told at once.
    const [stopped, cOffline] = [next(sd, 'typing:stop'), next(sc, 'user:offline')];
    const blocked = await fetch(`${p2.url}/api/users/${c.id}/block`, {
      method: 'POST',
      headers: { authorization: `Bearer ${d.token}` },
    });
    expect(blocked.status).toBe(200);
    expect(await stopped).toEqual({ senderId: c.id, receiverId: d.id });
    expect(await cOffline).toBe(d.id);

    // C keeps typing on the same socket: nothing reaches D any more; D checks C: offline.
    const heard: unknown[] = [];
    sd.on('typing:start', (v) => heard.push(v));
    sc.emit('typing:start', { senderId: c.id, receiverId: d.id });
    const status = next(sd, 'user:status');
    sd.emit('user:check', [c.id]);
    expect(await status).toEqual({ [c.id]: false });
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).toEqual([]);
  }, 60_000);

  it('carries messages, notifications, presence and typing between the processes, and survives a SIGKILL mid-burst', async () => {
    const sa = await client(p1.url, a.token);
    const sb = await client(p2.url, b.token);

    // A message from process 1 reaches process 2, with its notification.
    const arrived = next(sb, 'message:new');
    const notified = next(sb, 'notification');
    const ack = (await sa.timeout(5000).emitWithAck('message:send', {
      receiverId: b.id,
      message: 'hello across',
      clientId: 'hello-1',
    })) as SendAck;
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(await arrived).toEqual(ack.message);
    expect(await notified).toMatchObject({ type: 'message', data: { senderId: a.id } });
    // B replies: each has written to the other, so they see each other's presence and typing.
    const replied = next(sa, 'notification');
    const reply = (await sb.timeout(5000).emitWithAck('message:send', {
      receiverId: a.id,
      message: 'hello back',
      clientId: 'hello-back-1',
    })) as SendAck;
    expect(reply.ok).toBe(true);
    await replied;

    // Presence across processes (they are conversation partners now).
    const status = next(sb, 'user:status');
    sb.emit('user:check', [a.id]);
    expect(await status).toEqual({ [a.id]: true });

    // Typing crosses.
    const typing = next(sb, 'typing:start');
    sa.emit('typing:start', { senderId: a.id, receiverId: b.id });
    expect(await typing).toEqual({ senderId: a.id, receiverId: b.id });
    const stopped = next(sb, 'typing:stop');
    sa.emit('typing:stop', { senderId: a.id, receiverId: b.id });
    expect(await stopped).toEqual({ senderId: a.id, receiverId: b.id });

    // Presence announcements cross: B leaves and comes back on process 2, A hears it on process 1.
    const offline = next(sa, 'user:offline');
    sb.disconnect();
    expect(await offline).toBe(b.id);
    const onlineAgain = next(sa, 'user:online');
    const sbAgain = await client(p2.url, b.token);
    expect(await onlineAgain).toBe(b.id);

    // B accepts A's request on process 2; A is notified on process 1.
    const request = await createRequest(database.db, { requester: a, itemName: 'Milk' });
    const pushed = next(sa, 'notification');
    const accepted = await fetch(`${p2.url}/api/requests/${request.id}/accept`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(accepted.status).toBe(200);
    expect(await pushed).toMatchObject({ type: 'request_accepted', data: { requestId: request.id } });

    // A burst with acknowledgements; process 1 is killed with SIGKILL partway. The burst and the
    // resends after it stay within the sender's per-minute message limit.
    const total = Math.floor(CHAT_SEND_LIMIT.points / 2);
    const killAfter = Math.floor(total / 3);
    const acked = new Set<string>();
    const clientIdOf = (i: number) => `burst-${i}`;
    const refused: string[] = [];
    const gone = new Promise<void>((resolve) => sa.once('disconnect', () => resolve()));
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      p1.child.kill('SIGKILL');
    };
    // As many on their way at once as a member may have; more would be refused as busy.
    let onTheirWay = 0;
    for (let i = 0; i < total && sa.connected; i++) {
      while (onTheirWay >= REALTIME_LIMITS.sendsInFlightPerMember && sa.connected && !killed)
        await new Promise((r) => setTimeout(r, 2));
      onTheirWay += 1;
      sa.emit(
        'message:send',
        { receiverId: b.id, message: `burst ${i}`, clientId: clientIdOf(i) },
        (answer) => {
          onTheirWay -= 1;
          if (answer.ok) acked.add(answer.message.clientId!);
          else refused.push(answer.error);
          if (acked.size >= killAfter) kill();
        },
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    // Everything is on the wire; kill once killAfter are acknowledged (if that has not happened yet).
    const killDeadline = Date.now() + 20_000;
    while (!killed && Date.now() < killDeadline) await new Promise((r) => setTimeout(r, 5));
    kill();
    await gone;
    expect(refused).toEqual([]);
    expect(acked.size).toBeGreaterThanOrEqual(killAfter);
    expect(acked.size).toBeLessThan(total);

    // Every acknowledged message was stored before its acknowledgement (some unacknowledged ones may be too).
    const stored = await database.db
      .select({ clientId: messages.clientId })
      .from(messages)
      .where(and(eq(messages.senderId, a.id), like(messages.clientId, 'burst-%')));
    const storedIds = new Set(stored.map((m) => m.clientId));
    expect([...acked].every((id) => storedIds.has(id))).toBe(true);
    if (process.env.CLUSTER_VERBOSE)
      console.info(`acked ${acked.size}, stored ${storedIds.size} before the resend`);

    // A reconnects to process 2 and resends everything unacknowledged with the same clientIds.
    const sa2 = await client(p2.url, a.token);
    // With process 1 gone, presence is answered by process 2 alone.
    const afterCrash = next(sbAgain, 'user:status');
    sbAgain.emit('user:check', [a.id]);
    expect(await afterCrash).toEqual({ [a.id]: true });
    for (let i = 0; i < total; i++) {
      if (acked.has(clientIdOf(i))) continue;
      const answer = (await sa2.timeout(5000).emitWithAck('message:send', {
        receiverId: b.id,
        message: `burst ${i}`,
        clientId: clientIdOf(i),
      })) as SendAck;
      expect(answer.ok).toBe(true);
    }

    // B's history holds every message exactly once.
    const history: ChatMessage[] = [];
    let cursor: string | null = null;
    do {
      const res = await fetch(
        `${p2.url}/api/chat/conversation/${a.id}?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: { authorization: `Bearer ${b.token}` } },
      );
      expect(res.status).toBe(200);
      const page = (await res.json()) as { messages: ChatMessage[]; nextCursor: string | null };
      history.unshift(...page.messages);
      cursor = page.nextCursor;
    } while (cursor);
    const burst = history.filter((m) => m.content.startsWith('burst '));
    expect(burst).toHaveLength(total);
    expect(new Set(burst.map((m) => m.clientId)).size).toBe(total);
    expect(new Set(burst.map((m) => m.content))).toEqual(
      new Set(Array.from({ length: total }, (_, i) => `burst ${i}`)),
    );
  }, 120_000);
});
