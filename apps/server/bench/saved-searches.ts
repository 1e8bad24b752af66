/**
 * Saved searches under a burst (standalone: `npx tsx bench/saved-searches.ts` in apps/server; part of
 * `npm run bench`). On the embedded PostgreSQL server (a fresh temp dir, as `npm start` runs it):
 * 100 products are listed through POST /api/products, 10 at a time, first with no saved searches,
 * then with BENCH_SEARCHES (default 10,000) saved by 2,000 members. For each run: the post's
 * latency (p50, p99) and how long after the burst began every product had been matched and its
 * alerts written (the app's close waits for the matching in hand).
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PRODUCT_CATEGORIES } from '@campusrun/shared';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { savedSearches, users } from '../src/db/schema';
import { prefixQuery } from '../src/lib/lists';
import { createJwt } from '../src/lib/tokens';
import { startSession } from '../src/modules/identity/session.service';
import { multipartBody, pngImage } from '../src/test/images';
import { benchConfig, benchDataDir, openBenchDatabase } from './common';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10_000);
const POSTS = 100;
const AT_ONCE = 10;
const WORDS = [
  'cycle',
  'lamp',
  'kettle',
  'calculator',
  'mattress',
  'chair',
  'books',
  'guitar',
  'helmet',
  'fan',
];
const SIZES = ['small', 'large', 'blue', 'steel', 'used', 'new', 'folding', 'electric'];

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}
const random = rng(11);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function seedSearches(database: Database, count: number) {
  const members = await database.db
    .insert(users)
    .values(
      Array.from({ length: 2000 }, (_, i) => ({
        name: `Saver ${i + 1}`,
        email: `bench.saver${i + 1}@example.edu`,
        role: i % 2 ? ('dayscholar' as const) : ('hosteller' as const),
        isVerified: true,
      })),
    )
    .returning({ id: users.id });
  for (let start = 0; start < count; start += 1000) {
    await database.db.insert(savedSearches).values(
      Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
        const words = random() < 0.8 ? `${pick(WORDS)}${random() < 0.3 ? ` ${pick(SIZES)}` : ''}` : undefined;
        const category = random() < 0.4 || !words ? pick(PRODUCT_CATEGORIES) : undefined;
        const maxPrice = random() < 0.4 ? 500 + Math.floor(random() * 4000) : undefined;
        return {
          userId: members[(start + i) % members.length]!.id,
          kind: 'products' as const,
          name: `Search ${start + i}`,
          filters: { search: words, category, maxPrice, sort: 'recent' as const },
          matchQuery: prefixQuery(words) ?? null,
          category: category ?? null,
          maxAmount: maxPrice === undefined ? null : maxPrice * 100,
        };
      }),
    );
  }
  await database.db.execute(sql`analyze`);
}

/** Lists POSTS products, AT_ONCE at a time; answers the posts' latencies and when all were matched. */
async function burst(dataDir: string, label: string, searches: number) {
  const config = benchConfig(dataDir);
  const database = await openBenchDatabase(undefined, dataDir);
  const seedBegan = performance.now();
  if (searches) await seedSearches(database, searches);
  const seedMs = performance.now() - seedBegan;
  const app = await buildApp(config, database);
  await app.ready();
  // Ten sellers, ten products each (an account's photo uploads are limited).
  const sellers = await database.db
    .insert(users)
    .values(
      Array.from({ length: AT_ONCE }, (_, i) => ({
        name: `Bench Seller ${label} ${i}`,
        email: `bench.seller.${label}.${i}@example.edu`,
        role: 'hosteller' as const,
        phoneNumber: '9876543210',
        hostelBlock: 'Block A',
        roomNumber: '101',
        isVerified: true,
      })),
    )
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const jwt = createJwt(config.jwtSecret, '1h');
  const tokens = await Promise.all(sellers.map((s) => startSession({ db: database.db, jwt }, s, 'bench')));
  const png = await pngImage();
  const latencies: number[] = [];
  const began = performance.now();
  let next = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (next < POSTS) {
        const i = next++;
        const body = multipartBody(
          {
            name: `${pick(SIZES)} ${pick(WORDS)} ${i}`,
            description: 'Bench listing',
            price: String(200 + Math.floor(random() * 4000)),
            category: pick(PRODUCT_CATEGORIES),
            condition: 'good',
            quantity: '1',
            isNegotiable: 'false',
          },
          [{ filename: 'photo.png', contentType: 'image/png', data: png }],
        );
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/products',
          headers: { authorization: `Bearer ${token}`, ...body.headers },
          payload: body.payload,
        });
        if (res.statusCode !== 201)
          throw new Error(`POST /api/products answered ${res.statusCode}: ${res.body}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const posted = performance.now() - began;
  // The app's close waits for the matching in hand.
  await app.close();
  const matched = performance.now() - began;
  const [counts] = await queryRows<{ hits: number; alerts: number }>(
    database.db,
    sql`select (select count(*)::int from saved_search_hits) as hits,
      (select count(*)::int from notifications where type = 'search') as alerts`,
  );
  await database.close();
  latencies.sort((a, b) => a - b);
  return {
    seedMs,
    posted,
    matched,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...counts!,
  };
}

async function main() {
  const dataDir = benchDataDir('searches');
  try {
    const without = await burst(dataDir, 'none', 0);
    const withSearches = await burst(dataDir, 'many', SEARCHES);
    console.log(`\nSaved searches: ${POSTS} products listed, ${AT_ONCE} at a time (embedded PostgreSQL)`);
    console.log(`${SEARCHES} saved searches seeded in ${(withSearches.seedMs / 1000).toFixed(1)} s\n`);
    console.log('| saved searches | post p50 ms | post p99 ms | burst posted in s | all matched within s |');
    console.log('|---|---|---|---|---|');
    for (const [n, r] of [
      [0, without],
      [SEARCHES, withSearches],
    ] as const)
      console.log(
        `| ${n} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${(r.posted / 1000).toFixed(1)} | ${(r.matched / 1000).toFixed(1)} |`,
      );
    console.log(
      `\n${withSearches.hits} matches recorded, ${withSearches.alerts} alerts (grouped per search an hour).`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
