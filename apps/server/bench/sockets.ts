/**
 * Realtime benchmark (standalone: `npx tsx bench/sockets.ts` in apps/server; the last step of
 * npm run bench). Goal: 1,000 sockets on one server process, 200 messages/s for 30 s, p99 < 50 ms.
 *
 * The server runs alone in a child process (so its RSS is its own) on the embedded PostgreSQL server in a fresh data dir, then on
 * a fresh PostgreSQL database when one answers (created and dropped), with BENCH_SOCKETS verified users.
 * This process is the load generator: one socket.io-client websocket per user, hosteller i sending to
 * day scholar i. It measures
 *   1. server RSS with no sockets (after a few warm-up connections) and with every socket connected,
 *      each read once the idle server has settled (see settle()): RSS per connection = delta / sockets;
 *   2. BENCH_RATE message:send per second in total, round-robin over the senders, for BENCH_SECONDS after
 *      a 3 s warm-up that is not counted: latency from emit to the receiver's message:new (end to end,
 *      with the database work), p50/p90/p99/max; acks with errors or none, lost and duplicate
 *      deliveries; server and load-generator CPU and event-loop delay.
 *
 *   BENCH_SOCKETS       connected sockets, in pairs writing to each other (default 1000)
 *   BENCH_RATE          messages per second in total (default 200)
 *   BENCH_SECONDS       measured seconds (default 30)
 *   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres;
 *                       skipped if unreachable, or with BENCH_EMBEDDED_ONLY=1)
 *   BENCH_SUMMARY       a file to write the first target's figures to, as JSON (for bench/table.ts)
 *
 * The chat lets one user send 60 messages a minute; every socket sends, so 1,000 messages/s on 1,000
 * sockets is one a second (about 33 a minute with the warm-up) per user.
 * Exits non-zero only when the server does not start, most sockets fail to connect or most messages
 * are lost; a missed goal is reported, not failed. The same file is the child: `sockets.ts server`.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, type Histogram } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_OPTIONS, type ClientToServerEvents, type ServerToClientEvents } from '@campusrun/shared';
import { buildApp } from '../src/app';
import { askChild, startChild, stopChild } from './child';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { createJwt } from '../src/lib/tokens';
import { startSession } from '../src/modules/identity/session.service';
import { benchConfig, benchDataDir, createPgDatabase, openBenchDatabase } from './common';

const self = fileURLToPath(import.meta.url);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = 3;
const IDLE_SECONDS = 8;
const CONNECT_BATCH = 50;
const ACK_TIMEOUT_MS = 10_000;
const DRAIN_MS = 10_000;
const GOAL_P99_MS = 50;
const LOOP_RESOLUTION_MS = 10;

/** What the server child answers to { type: 'stats' }; the event-loop histogram restarts on each. */
interface ServerStats {
  /** performance.now() in the server when it answered. */
  at: number;
  rss: number;
  heapUsed: number;
  cpuMs: number;
  /** The whole machine's CPU ticks at the same moment (Linux only). */
  machine?: { busy: number; total: number };
  loopP99Ms: number;
}
interface Ready {
  port: number;
  dataDir: string;
  users: Array<{ id: string; token: string }>;
}

/** How late the loop's timer fired, p99 in ms (the histogram holds whole intervals, timer included). */
const loopDelayP99 = (h: Histogram) => Math.max(0, h.percentile(99) / 1e6 - LOOP_RESOLUTION_MS);

/** CPU time of the whole machine so far from /proc/stat (Linux): busy and total, in ticks. */
function machineTicks() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- child ---------------------------

/** `count` verified users with complete profiles: the first half hostellers, the rest day scholars. */
export async function seedUsers(db: Db, count: number) {
  const half = Math.floor(count / 2);
  const rows = Array.from({ length: count }, (_, i) =>
    i < half
      ? {
          name: `Bench Hosteller ${i + 1}`,
          email: `bench.socket.hosteller${i + 1}@example.edu`,
          role: 'hosteller' as const,
          phoneNumber: '9876543210',
          hostelBlock: `Block ${'ABCD'[i % 4]}`,
          roomNumber: String(100 + i),
          isVerified: true,
        }
      : {
          name: `Bench Day Scholar ${i - half + 1}`,
          email: `bench.socket.dayscholar${i - half + 1}@example.edu`,
          role: 'dayscholar' as const,
          phoneNumber: '9876543211',
          isVerified: true,
        },
  );
  const seeded: Array<{ id: string; tokenVersion: number }> = [];
  for (let i = 0; i < rows.length; i += 1000) {
    seeded.push(
      ...(await db
        .insert(users)
        .values(rows.slice(i, i + 1000))
        .returning({ id: users.id, tokenVersion: users.tokenVersion })),
    );
  }
  return seeded;
}

/**
 * Lets RSS come to rest before it is read: a full GC, IDLE_SECONDS of quiet (some memory only turns
 * garbage a few seconds after it was last used), then eight more GCs. Measured: without this, readings
 * of the same idle server differ by 30-80 MiB depending on when they are taken.
 */
async function settle() {
  globalThis.gc?.();
  await sleep(IDLE_SECONDS * 1000);
  for (let i = 0; i < 8; i++) {
    globalThis.gc?.();
    await sleep(250);
  }
}

async function runServer() {
  const dataDir = benchDataDir('sockets');
  const config = benchConfig(dataDir);
  const url = process.env.BENCH_TARGET_URL;
  const database = await openBenchDatabase(url, dataDir);
  const seeded = await seedUsers(database.db, SOCKETS);
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const jwt = createJwt(config.jwtSecret, '1h');
  const tokens = await Promise.all(seeded.map((u) => startSession({ db: database.db, jwt }, u, 'bench')));

  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  process.on('message', async (m: { type: string; settle?: boolean }) => {
    if (m.type !== 'stats') return;
    if (m.settle) await settle();
    const cpu = process.cpuUsage();
    const stats: ServerStats = {
      at: performance.now(),
      rss: process.memoryUsage().rss,
      heapUsed: process.memoryUsage().heapUsed,
      cpuMs: (cpu.user + cpu.system) / 1000,
      machine: machineTicks(),
      loopP99Ms: loopDelayP99(loop),
    };
    loop.reset();
    process.send!(stats);
  });
  const ready: Ready = {
    port: (app.server.address() as { port: number }).port,
    dataDir,
    users: seeded.map((u, i) => ({ id: u.id, token: tokens[i]! })),
  };
  process.send!(ready);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

// ---------------------------------------------------------------- parent --------------------------

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Result {
  target: string;
  sockets: number;
  connectSeconds: number;
  rssIdle: number;
  rssConnected: number;
  heapIdle: number;
  heapConnected: number;
  rssAfter: number;
  sent: number;
  delivered: number;
  duplicates: number;
  unexpected: number;
  ackErrors: number;
  ackTimeouts: number;
  disconnects: number;
  latency: number[];
  ack: number[];
  serverCpu: number;
  serverLoopP99: number;
  generatorCpu: number;
  generatorLoopP99: number;
  /** Every process on the machine, % of one core; undefined without /proc/stat. */
  machineCpu?: number;
}

async function startServer(env: Record<string, string>) {
  // gc() for settle(); no memory reducer, whose idle-time heap shrinking would land at random
  // between two RSS readings.
  const { child, ready } = await startChild<Ready>(self, ['server'], {
    execArgv: ['--expose-gc', '--no-memory-reducer'],
    env,
  });
  return { child, info: ready };
}

const serverStats = (child: ChildProcess, settle = false) =>
  askChild<ServerStats>(child, { type: 'stats', settle });

const stop = stopChild;

function open(url: string, token: string) {
  const socket: Client = connect(url, {
    path: SOCKET_OPTIONS.path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise<Client>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Opens one socket per token, CONNECT_BATCH at a time; a failed one stays undefined. */
async function openAll(url: string, tokens: string[]) {
  const sockets: Array<Client | undefined> = [];
  const errors = new Map<string, number>();
  for (let i = 0; i < tokens.length; i += CONNECT_BATCH) {
    const settled = await Promise.allSettled(tokens.slice(i, i + CONNECT_BATCH).map((t) => open(url, t)));
    for (const s of settled) {
      sockets.push(s.status === 'fulfilled' ? s.value : undefined);
      if (s.status === 'rejected') {
        const msg = (s.reason as Error).message;
        errors.set(msg, (errors.get(msg) ?? 0) + 1);
      }
    }
  }
  for (const [msg, n] of errors) console.log(`  ${n} sockets failed to connect: ${msg}`);
  return sockets;
}

const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The value below which `p` of the sorted samples fall (nearest rank). */
function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

async function benchTarget(target: string, env: Record<string, string>): Promise<Result> {
  const began = Date.now();
  const { child, info } = await startServer(env);
  const url = `http://127.0.0.1:${info.port}`;
  console.log(
    `  ${target}: seeded ${info.users.length} users, ready after ${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
  let sockets: Array<Client | undefined> = [];
  try {
    // A few connections first, so the idle figure already holds the code every socket needs.
    const warm = await openAll(
      url,
      info.users.slice(0, 10).map((u) => u.token),
    );
    for (const s of warm) s?.close();
    const idle = await serverStats(child, true);

    const connectStarted = performance.now();
    sockets = await openAll(
      url,
      info.users.map((u) => u.token),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const connected = sockets.filter(Boolean).length;
    let disconnects = 0;
    for (const s of sockets) s?.on('disconnect', () => disconnects++);
    if (connected < info.users.length / 2)
      throw new Error(`only ${connected} of ${info.users.length} sockets connected`);
    const loaded = await serverStats(child, true);
    console.log(
      `  ${target}: ${connected} sockets in ${connectSeconds.toFixed(1)} s; server RSS ${MiB(idle.rss)} → ${MiB(loaded.rss)}, ` +
        `${((loaded.rss - idle.rss) / connected / 1024).toFixed(1)} KiB per connection`,
    );

    // Hosteller i and day scholar i write to each other, so every socket sends (the chat allows a
    // user 60 messages a minute: 1,000 sockets carry 1,000 messages/s at one a second each). A pair
    // with a socket missing on either side sits out.
    const half = Math.floor(info.users.length / 2);
    const pairs: Array<{ sender: Client; receiverId: string }> = [];
    const sent = new Map<string, { at: number; measured: boolean; delivered: boolean }>();
    const r = { sent: 0, duplicates: 0, unexpected: 0, ackErrors: 0, ackTimeouts: 0 };
    const latency: number[] = [];
    const ack: number[] = [];
    const ackErrors = new Map<string, number>();
    let pending = 0;
    const listen = (socket: Client, userId: string) =>
      socket.on('message:new', (message) => {
        if (message.senderId === userId) return; // the copy of one's own message
        const at = performance.now();
        const entry = message.clientId ? sent.get(message.clientId) : undefined;
        if (!entry) r.unexpected++;
        else if (entry.delivered) r.duplicates++;
        else {
          entry.delivered = true;
          if (entry.measured) latency.push(at - entry.at);
        }
      });
    for (let i = 0; i < half; i++) {
      const a = sockets[i];
      const b = sockets[half + i];
      if (!a || !b) continue;
      const aId = info.users[i]!.id;
      const bId = info.users[half + i]!.id;
      pairs.push({ sender: a, receiverId: bId }, { sender: b, receiverId: aId });
      listen(a, aId);
      listen(b, bId);
    }
    if (RATE / pairs.length > 10)
      console.log(
        `  warning: ${(RATE / pairs.length).toFixed(1)} messages/s per socket is over the gateway's 10/s`,
      );

    let seq = 0;
    const sendOne = (measured: boolean) => {
      const pair = pairs[seq % pairs.length]!;
      const clientId = `bench${seq++}`;
      const at = performance.now();
      sent.set(clientId, { at, measured, delivered: false });
      if (measured) {
        r.sent++;
        pending++;
      }
      pair.sender
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('message:send', {
          receiverId: pair.receiverId,
          message: `Bench message ${clientId}: is the canteen open?`,
          clientId,
        })
        .then(
          (answer) => {
            if (answer.ok) {
              if (measured) ack.push(performance.now() - at);
            } else {
              if (measured) r.ackErrors++;
              ackErrors.set(answer.error, (ackErrors.get(answer.error) ?? 0) + 1);
            }
          },
          () => {
            if (measured) r.ackTimeouts++;
          },
        )
        .finally(() => {
          if (measured) pending--;
        });
    };
    /** RATE messages per second for `seconds`, each sent when due (a 5 ms tick). */
    const drive = (seconds: number, measured: boolean) =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        const total = Math.round(RATE * seconds);
        let n = 0;
        const timer = setInterval(() => {
          const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE));
          for (; n < due; n++) sendOne(measured);
          if (n >= total) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });

    await drive(WARMUP_SECONDS, false);
    const generatorLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    const before = await serverStats(child);
    const generatorCpu = process.cpuUsage();
    const windowStarted = performance.now();
    generatorLoop.enable();
    await drive(SECONDS, true);
    const windowMs = performance.now() - windowStarted;
    const generatorUsed = process.cpuUsage(generatorCpu);
    generatorLoop.disable();
    const after = await serverStats(child);
    // Whatever is still on its way gets DRAIN_MS to arrive; anything later counts as lost.
    const drainUntil = Date.now() + DRAIN_MS;
    while ((pending > 0 || latency.length < r.sent) && Date.now() < drainUntil) await sleep(50);
    for (const [msg, n] of ackErrors) console.log(`  ${n} acks answered: ${msg}`);

    latency.sort((a, b) => a - b);
    ack.sort((a, b) => a - b);
    const result: Result = {
      target,
      sockets: connected,
      connectSeconds,
      rssIdle: idle.rss,
      rssConnected: loaded.rss,
      heapIdle: idle.heapUsed,
      heapConnected: loaded.heapUsed,
      rssAfter: after.rss,
      ...r,
      delivered: latency.length,
      disconnects,
      latency,
      ack,
      // Over the server's own clock: a saturated server answers late, and so would skew windowMs.
      serverCpu: ((after.cpuMs - before.cpuMs) / (after.at - before.at)) * 100,
      serverLoopP99: after.loopP99Ms,
      generatorCpu: ((generatorUsed.user + generatorUsed.system) / 1000 / windowMs) * 100,
      machineCpu:
        before.machine && after.machine
          ? ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) *
            os.cpus().length *
            100
          : undefined,
      generatorLoopP99: loopDelayP99(generatorLoop),
    };
    console.log(
      `  ${target}: ${r.sent} messages, ${latency.length} delivered, p50 ${percentile(latency, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(latency, 0.99).toFixed(1)} ms`,
    );
    return result;
  } finally {
    for (const s of sockets) s?.close();
    await stop(child);
    rmSync(info.dataDir, { recursive: true, force: true });
  }
}

function printTable(results: Result[]) {
  const ms = (sorted: number[], p: number) => percentile(sorted, p).toFixed(1);
  const rows: Array<[string, (r: Result) => string]> = [
    ['sockets connected', (r) => `${r.sockets} in ${r.connectSeconds.toFixed(1)} s`],
    ['rate × duration', () => `${RATE}/s × ${SECONDS} s`],
    ['messages sent', (r) => String(r.sent)],
    ['delivered', (r) => String(r.delivered)],
    ['lost', (r) => String(r.sent - r.delivered)],
    ['duplicates / unexpected', (r) => `${r.duplicates} / ${r.unexpected}`],
    ['acks with error / none', (r) => `${r.ackErrors} / ${r.ackTimeouts}`],
    ['disconnects', (r) => String(r.disconnects)],
    ['latency p50 ms', (r) => ms(r.latency, 0.5)],
    ['latency p90 ms', (r) => ms(r.latency, 0.9)],
    ['latency p99 ms', (r) => `${ms(r.latency, 0.99)} (goal < ${GOAL_P99_MS})`],
    ['latency max ms', (r) => ms(r.latency, 1)],
    ['ack p50 / p99 ms', (r) => `${ms(r.ack, 0.5)} / ${ms(r.ack, 0.99)}`],
    ['server RSS idle', (r) => MiB(r.rssIdle)],
    ['server RSS with sockets', (r) => MiB(r.rssConnected)],
    ['RSS per connection', (r) => `${((r.rssConnected - r.rssIdle) / r.sockets / 1024).toFixed(1)} KiB`],
    ['heap per connection', (r) => `${((r.heapConnected - r.heapIdle) / r.sockets / 1024).toFixed(1)} KiB`],
    ['server RSS under load', (r) => MiB(r.rssAfter)],
    ['server CPU', (r) => `${r.serverCpu.toFixed(0)} %`],
    ['server loop delay p99', (r) => `${r.serverLoopP99.toFixed(1)} ms`],
    ['load generator CPU', (r) => `${r.generatorCpu.toFixed(0)} %`],
    ['generator loop delay p99', (r) => `${r.generatorLoopP99.toFixed(1)} ms`],
    [
      'other processes CPU',
      (r) =>
        r.machineCpu === undefined ? '' : `${(r.machineCpu - r.serverCpu - r.generatorCpu).toFixed(0)} %`,
    ],
  ];
  const header = ['', ...results.map((r) => r.target)];
  const lines = rows.map(([label, cell]) => [label, ...results.map(cell)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log();
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const began = Date.now();
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `CampusRun realtime bench: ${SOCKETS} sockets, ${RATE} messages/s for ${SECONDS} s (+${WARMUP_SECONDS} s warm-up)`,
  );
  console.log(
    `${os.cpus().length} CPUs, load average ${load()} (other work on the machine skews every figure)`,
  );
  const results: Result[] = [];
  results.push(await benchTarget('embedded PostgreSQL', {}));
  const pgDb = process.env.BENCH_EMBEDDED_ONLY ? null : await createPgDatabase('sockets');
  if (pgDb) {
    try {
      results.push(await benchTarget('PostgreSQL', { BENCH_TARGET_URL: pgDb.url }));
    } finally {
      await pgDb.drop();
    }
  }
  printTable(results);
  if (process.env.BENCH_SUMMARY) {
    const r = results[0]!;
    const summary = {
      sockets: r.sockets,
      rate: RATE,
      seconds: SECONDS,
      sent: r.sent,
      delivered: r.delivered,
      duplicates: r.duplicates,
      ackErrors: r.ackErrors,
      p99: percentile(r.latency, 0.99),
    };
    writeFileSync(process.env.BENCH_SUMMARY, JSON.stringify(summary));
  }
  console.log(
    '\nLatency: emit of message:send → message:new at the receiver (end to end, message stored);' +
      ' ack: emit → acknowledgement (which also waits for the notification row).',
  );
  console.log(
    'CPU: % of one core over the measured window; other processes = the whole machine minus server' +
      ' and generator (PostgreSQL itself, and anything else running).',
  );
  console.log(`Total time ${((Date.now() - began) / 1000).toFixed(0)} s; load average at the end ${load()}`);
  const failed = results.filter((r) => r.delivered < r.sent / 2);
  if (failed.length > 0) {
    console.error(`Most messages were lost on ${failed.map((r) => r.target).join(', ')}.`);
    process.exitCode = 1;
  }
}

// Runs only as a script (importing it does nothing).
if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  if (process.argv[2] === 'server') await runServer();
  else
    await main().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
