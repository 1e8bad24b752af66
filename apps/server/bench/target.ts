/**
 * The app under test for bench/table.ts, run as its child: seeds 10,000 requests, 10,000 products, a
 * chat history, and a member with 2,000 requests and 5,000 notifications, starts the real app on a free 127.0.0.1 port and reports tokens
 * and the pending request ids (for the accept bench) over IPC. Stops on SIGTERM.
 *
 * As `npm start` runs it: the embedded PostgreSQL server in a fresh DATA_DIR, unless
 * BENCH_TARGET_URL names a PostgreSQL database. MAX_ACTIVE_DELIVERIES is lifted so one day scholar
 * can accept thousands of requests in the write bench.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { messages, requests, users } from '../src/db/schema';
import { createJwt } from '../src/lib/tokens';
import { startSession } from '../src/modules/identity/session.service';
import { benchConfig, benchDataDir, openBenchDatabase } from './common';
import { seedBenchData, seedHeavyMember } from './data';
import { seedProducts } from './products';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const HEAVY_REQUESTS = 2_000;
const HEAVY_NOTIFICATIONS = 5_000;
const databaseUrl = process.env.BENCH_TARGET_URL;
const dataDir = benchDataDir('table');
const config = { ...benchConfig(dataDir), maxActiveDeliveries: 1_000_000_000 };

const began = performance.now();
const database = await openBenchDatabase(databaseUrl, dataDir);
const { db } = database;
const seeded = await seedBenchData(db, ROWS);
await seedProducts(db, ROWS);
const hosteller = seeded.hostellers[0]!;
const dayScholar = seeded.dayScholars[0]!;

// A chat history: the hosteller with 30 day scholars, 20 messages each.
const now = Date.now();
await db.insert(messages).values(
  seeded.dayScholars.slice(0, 30).flatMap((d, c) =>
    Array.from({ length: 20 }, (_, i) => ({
      senderId: i % 2 ? hosteller.id : d.id,
      receiverId: i % 2 ? d.id : hosteller.id,
      content: `Message ${i} of conversation ${c}: is the canteen open?`,
      isRead: i < 18,
      sentAt: new Date(now - (c * 20 + i) * 60_000),
    })),
  ),
);
// The personal lists are measured on a heavy member: the hosteller has 2,000 requests (the day
// scholar carries the 70 % of them that have a deliverer) and 5,000 notifications.
await seedHeavyMember(db, hosteller, dayScholar, {
  requests: HEAVY_REQUESTS,
  notifications: HEAVY_NOTIFICATIONS,
});
const pending = await db.select({ id: requests.id }).from(requests).where(eq(requests.status, 'pending'));
const idsFile = path.join(dataDir, 'pending-ids.txt');
writeFileSync(idsFile, pending.map((r) => r.id).join('\n') + '\n');
const total = await db.$count(users);
const seedMs = performance.now() - began;

const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const jwt = createJwt(config.jwtSecret, '2h');
const sign = (u: { id: string; tokenVersion: number }) => startSession({ db, jwt }, u, 'bench');

process.send!({
  port: (app.server.address() as { port: number }).port,
  pid: process.pid,
  hostellerToken: await sign(hosteller),
  dayScholarToken: await sign(dayScholar),
  idsFile,
  pending: pending.length,
  users: total,
  seedMs,
  dataDir,
});

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  // BENCH_KEEP_DATA: the seeded data directory stays, for another server to start on (bench/runtimes.ts).
  if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
