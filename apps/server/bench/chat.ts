/**
 * Chat under load (part of `npm run bench`; alone: `npx tsx bench/chat.ts` in apps/server). N members,
 * each on a socket of their own, signed in, in pairs writing to each other; a ramp of offered rates,
 * every message sent with the acknowledged `message:send`. The same ramp runs in the same run against a
 * bare Socket.IO relay written here (no sign-in, no database, the same socket.io), which shows what
 * the machine and the load generator allow.
 *
 * Per step: messages offered, acknowledged (ok), refused (an error answer), unanswered in time,
 * delivered per second (the receiver's `message:new`), p50 and p99 from send to delivery, the server
 * process's memory growth over the step, and whether GET /api/metrics answered during it. At the end
 * every acknowledged message is looked for in the history: none may be missing.
 *
 * The app runs in a child process, as in production, on the embedded PostgreSQL server in a fresh
 * data directory (or BENCH_TARGET_URL), with away e-mails and Web Push on, so every message leaves
 * its follow-ups. Members are inserted directly (bench/sockets.ts's seedUsers), not signed up.
 *
 *   BENCH_MEMBERS   members, an even number (default 1000)
 *   BENCH_RATES     offered messages per second, comma-separated (default 100,300,1000,3000)
 *   BENCH_STEP_SECONDS  seconds per step (default 5)
 *   BENCH_LABEL     what the run measures, printed above the table (default: the commit)
 *
 * The same file is both children: `chat.ts app` and `chat.ts relay`.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import webpush from 'web-push';
import { SOCKET_OPTIONS, type ClientToServerEvents, type ServerToClientEvents } from '@campusrun/shared';
import { buildApp } from '../src/app';
import { messages } from '../src/db/schema';
import { createJwt } from '../src/lib/tokens';
import { startSession } from '../src/modules/identity/session.service';
import { askChild, startChild, stopChild } from './child';
import { benchConfig, benchDataDir, openBenchDatabase } from './common';
import { seedUsers } from './sockets';

const self = fileURLToPath(import.meta.url);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const RATES = (process.env.BENCH_RATES ?? '100,300,1000,3000').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const ACK_TIMEOUT_MS = 10_000;
const CONNECT_BATCH = 50;

/** What a child tells the parent once it listens. */
interface Ready {
  port: number;
  members: Array<{ id: string; token: string }>;
}
/** The parent's questions to a child, and the answers. */
type Ask = { type: 'rss' } | { type: 'missing'; ids: string[] };

// ---------------------------------------------------------------- children -------------------------

/** Answers the parent's questions: the process's RSS, and how many of the given messages are not stored. */
function answer(missing: (ids: string[]) => Promise<number>) {
  process.on('message', async (m: Ask) => {
    if (m.type === 'rss') process.send!({ rss: process.memoryUsage().rss });
    else process.send!({ missing: await missing(m.ids) });
  });
}

async function runApp() {
  const dataDir = benchDataDir('chat');
  const config = {
    ...benchConfig(dataDir),
    offlineEmail: { enabled: true, unreadDelaySeconds: 600 },
    vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.edu' },
  };
  const database = await openBenchDatabase(process.env.BENCH_TARGET_URL, dataDir);
  const seeded = await seedUsers(database.db, MEMBERS);
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const jwt = createJwt(config.jwtSecret, '2h');
  const tokens = await Promise.all(seeded.map((u) => startSession({ db: database.db, jwt }, u, 'bench')));
  answer(async (ids) => {
    let found = 0;
    for (let i = 0; i < ids.length; i += 5000) {
      const chunk = ids.slice(i, i + 5000);
      found += await database.db.$count(messages, inArray(messages.id, chunk));
    }
    return ids.length - found;
  });
  const ready: Ready = {
    port: (app.server.address() as { port: number }).port,
    members: seeded.map((u, i) => ({ id: u.id, token: tokens[i]! })),
  };
  process.send!(ready);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** A bare Socket.IO relay: whoever connects says who they are; a message goes to its receiver's room. */
async function runRelay() {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { path: SOCKET_OPTIONS.path });
  io.on('connection', (socket) => {
    const me = String((socket.handshake.auth as { token?: string }).token);
    void socket.join(me);
    socket.on('message:send', (payload, ack) => {
      const message = {
        id: crypto.randomUUID(),
        clientId: payload.clientId,
        senderId: me,
        receiverId: payload.receiverId,
        content: payload.message,
        sentAt: new Date().toISOString(),
        isRead: false,
        product: null,
        image: null,
        offer: null,
      };
      io.to(payload.receiverId).emit('message:new', message);
      ack({ ok: true, message });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  answer(async () => 0);
  const members = Array.from({ length: MEMBERS }, (_, i) => ({ id: `member-${i}`, token: `member-${i}` }));
  process.send!({ port: (http.address() as { port: number }).port, members } satisfies Ready);
  process.on('SIGTERM', () => {
    void io.close();
    process.exit(0);
  });
}

// ---------------------------------------------------------------- parent ---------------------------

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Step {
  rate: number;
  offered: number;
  acknowledged: number;
  refused: number;
  unanswered: number;
  delivered: number;
  latencies: number[];
  rssGrowth: number;
  metricsAnswered: boolean | null;
  /** The refusals' reasons (or messages), counted. */
  refusals: Map<string, number>;
  /** How long each refusal took to come, ms from the emit. */
  refusalMs: number[];
}

const ask = <T>(child: ChildProcess, question: Ask) => askChild<T>(child, question);
const rssOf = async (child: ChildProcess) => (await ask<{ rss: number }>(child, { type: 'rss' })).rss;

const start = (kind: 'app' | 'relay') => startChild<Ready>(self, [kind]);

async function openAll(url: string, tokens: string[]) {
  const sockets: Client[] = [];
  for (let i = 0; i < tokens.length; i += CONNECT_BATCH)
    sockets.push(
      ...(await Promise.all(
        tokens.slice(i, i + CONNECT_BATCH).map(
          (token) =>
            new Promise<Client>((resolve, reject) => {
              const socket: Client = connect(url, {
                path: SOCKET_OPTIONS.path,
                transports: ['websocket'],
                reconnection: false,
                forceNew: true,
                auth: { token },
              });
              socket.once('connect', () => resolve(socket));
              socket.once('connect_error', reject);
            }),
        ),
      )),
    );
  return sockets;
}

/** Whether GET /api/metrics answers 200 within 2 s (null for the relay, which has none). */
async function metricsAnswer(url: string, kind: 'app' | 'relay') {
  if (kind === 'relay') return null;
  try {
    const res = await fetch(`${url}/api/metrics`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;

/** The ramp against one target: each step offers `rate` messages a second, round-robin over the members. */
async function ramp(kind: 'app' | 'relay') {
  const { child, ready } = await start(kind);
  const url = `http://127.0.0.1:${ready.port}`;
  const sockets = await openAll(
    url,
    ready.members.map((m) => m.token),
  );
  const sentAt = new Map<string, { at: number; step: Step }>();
  const acked: string[] = [];
  let dropped = 0;
  for (const socket of sockets) socket.on('disconnect', () => void dropped++);
  for (const socket of sockets)
    socket.on('message:new', (m) => {
      const sent = m.clientId ? sentAt.get(m.clientId) : undefined;
      if (!sent) return;
      sentAt.delete(m.clientId!);
      sent.step.delivered++;
      sent.step.latencies.push(performance.now() - sent.at);
    });
  const steps: Step[] = [];
  let afterBurstMs = NaN;
  let next = 0;
  for (const rate of RATES) {
    const step: Step = {
      rate,
      offered: 0,
      acknowledged: 0,
      refused: 0,
      unanswered: 0,
      delivered: 0,
      latencies: [],
      rssGrowth: 0,
      metricsAnswered: null,
      refusals: new Map(),
      refusalMs: [],
    };
    steps.push(step);
    const rssBefore = await rssOf(child);
    const waiting: Promise<void>[] = [];
    const metrics = sleep((STEP_SECONDS * 1000) / 2).then(() => metricsAnswer(url, kind));
    const began = performance.now();
    // Every 5 ms, send what is due by now.
    while (performance.now() - began < STEP_SECONDS * 1000) {
      const due = Math.floor(((performance.now() - began) / 1000) * rate);
      while (step.offered < due) {
        const i = next++ % sockets.length;
        const partner = i ^ 1; // pairs: 0 and 1, 2 and 3, …
        const clientId = `${kind}-${rate}-${step.offered}-${i}`;
        step.offered++;
        sentAt.set(clientId, { at: performance.now(), step });
        waiting.push(
          sockets[i]!.timeout(ACK_TIMEOUT_MS)
            .emitWithAck('message:send', {
              receiverId: ready.members[partner]!.id,
              message: `Bench message ${clientId}`,
              clientId,
            })
            .then(
              (a) => {
                if (a.ok) {
                  step.acknowledged++;
                  acked.push(a.message.id);
                } else {
                  step.refused++;
                  const why = 'reason' in a ? a.reason : a.error;
                  step.refusals.set(why, (step.refusals.get(why) ?? 0) + 1);
                  step.refusalMs.push(performance.now() - sentAt.get(clientId)!.at);
                  sentAt.delete(clientId);
                }
              },
              () => void step.unanswered++,
            ),
        );
      }
      await sleep(5);
    }
    // After the top step, what a member writing then meets: a message sent 1 s after the burst ended.
    if (rate === RATES.at(-1)) {
      await sleep(1000);
      afterBurstMs = await oneMessage(sockets, ready.members, `${kind}-after-burst`);
    }
    await Promise.all(waiting);
    await sleep(1000); // deliveries still on their way
    step.metricsAnswered = await metrics;
    step.rssGrowth = (await rssOf(child)) - rssBefore;
  }
  const missing = (await ask<{ missing: number }>(child, { type: 'missing', ids: acked })).missing;
  // Counted before the bench closes them itself.
  const socketsDropped = dropped;
  for (const socket of sockets) socket.close();
  await stopChild(child);
  return { steps, missing, acknowledged: acked.length, afterBurstMs, socketsDropped };
}

/**
 * One message from the first member to the second, sent as the app sends it (again after
 * `retryAfter` when refused as busy): milliseconds until it arrives, NaN when not within 10 s.
 */
async function oneMessage(sockets: Client[], members: Ready['members'], clientId: string) {
  const began = performance.now();
  const arrived = new Promise<number>((resolve) => {
    const onNew = (m: { clientId?: string | null }) => {
      if (m.clientId !== clientId) return;
      sockets[1]!.off('message:new', onNew);
      resolve(performance.now() - began);
    };
    sockets[1]!.on('message:new', onNew);
  });
  const send = async (): Promise<void> => {
    const answer = await sockets[0]!
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('message:send', { receiverId: members[1]!.id, message: 'After the burst', clientId })
      .catch(() => undefined);
    if (answer && !answer.ok && 'retryAfter' in answer && performance.now() - began < 10_000) {
      await sleep(answer.retryAfter);
      return send();
    }
  };
  void send();
  return Promise.race([arrived, sleep(10_000).then(() => NaN)]);
}

function row(target: string, s: Step) {
  const sorted = s.latencies.sort((a, b) => a - b);
  const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));
  const answered = s.metricsAnswered === null ? 'n/a' : s.metricsAnswered ? 'yes' : 'NO';
  return `| ${target} | ${s.rate} | ${s.offered} | ${s.acknowledged} | ${s.refused} | ${s.unanswered} | ${(s.delivered / STEP_SECONDS).toFixed(0)} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.99))} | ${(s.rssGrowth / 1024 / 1024).toFixed(1)} | ${answered} |`;
}

function commit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return `${head}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown commit';
  }
}

async function main() {
  if (MEMBERS % 2) throw new Error('BENCH_MEMBERS must be even (members write in pairs)');
  const label = process.env.BENCH_LABEL ?? commit();
  const app = await ramp('app');
  const relay = await ramp('relay');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(`\nChat under load: ${label}`);
  console.log(
    `${MEMBERS} members on their own sockets, in pairs; ${STEP_SECONDS} s per step; ${os.cpus().length} CPUs, load average ${load}\n`,
  );
  console.log(
    '| target | offered/s | offered | acknowledged | refused | unanswered | delivered/s | p50 ms | p99 ms | RSS growth MiB | /api/metrics |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (let i = 0; i < RATES.length; i++) {
    console.log(row('app', app.steps[i]!));
    console.log(row('relay', relay.steps[i]!));
  }
  const refusals = new Map<string, number>();
  for (const step of app.steps)
    for (const [why, n] of step.refusals) refusals.set(why, (refusals.get(why) ?? 0) + n);
  const refusalMs = app.steps.flatMap((s) => s.refusalMs).sort((a, b) => a - b);
  if (refusals.size)
    console.log(
      `\nThe app's refusals: ${[...refusals].map(([why, n]) => `${n} × ${why}`).join('; ')}; ` +
        `each came within ${percentile(refusalMs, 0.99).toFixed(0)} ms (p99), ${refusalMs.at(-1)!.toFixed(0)} ms at most.`,
    );
  console.log(
    `Sockets dropped during the ramp: ${app.socketsDropped} (app), ${relay.socketsDropped} (relay).`,
  );
  console.log(
    `\nHistory check: ${app.acknowledged} messages acknowledged by the app, ${app.missing} missing from the history.`,
  );
  const ms = (v: number) => (Number.isNaN(v) ? 'not within 10 s' : `in ${v.toFixed(0)} ms`);
  console.log(
    `A message sent 1 s after the top step's burst arrived ${ms(app.afterBurstMs)} (app), ${ms(relay.afterBurstMs)} (relay).`,
  );
  if (app.missing > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  if (process.argv[2] === 'app') await runApp();
  else if (process.argv[2] === 'relay') await runRelay();
  else await main();
}
