/**
 * Marketplace benchmark (standalone: `npx tsx bench/products.ts` in apps/server).
 *
 * 1. GET /api/products with 10,000 products, 50 connections, on the embedded PostgreSQL server
 *    (fresh temp dir, as `npm start` runs it) and on PostgreSQL (a fresh database on 127.0.0.1:5432 when reachable; created and dropped), next to a
 *    bare node:http baseline measured in the same run: req/s, p50, p99 and the ratio.
 * 2. The image pipeline on a generated 4000 × 3000 high-detail JPEG of ~4 MB: time and output size.
 *
 *   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_DURATION      seconds per measurement (default 10)
 *   BENCH_PRODUCTS      products to seed (default 10000)
 *
 * The same file is the child processes too: `products.ts hello` (baseline) and `products.ts server`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { PRODUCT_CATEGORIES, PRODUCT_CONDITIONS, type ProductStatus } from '@campusrun/shared';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/client';
import { productImages, products, users } from '../src/db/schema';
import { processImage } from '../src/lib/images';
import { createJwt } from '../src/lib/tokens';
import { startSession } from '../src/modules/identity/session.service';
import { benchConfig, benchDataDir, createPgDatabase, openBenchDatabase } from './common';

const self = fileURLToPath(import.meta.url);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const CONNECTIONS = 50;
const COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000);

const ENDPOINTS: Array<[string, string]> = [
  ['default', '/api/products'],
  ['search', '/api/products?search=chair&category=furniture&sort=price-low'],
];

/** Deterministic pseudo-random numbers so every run measures the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// ---------------------------------------------------------------- children ------------------------

function runHello() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"hello":"world"}');
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

const NOUNS: Record<(typeof PRODUCT_CATEGORIES)[number], string[]> = {
  books: ['textbook', 'novel', 'lab manual', 'GATE guide', 'dictionary'],
  electronics: ['calculator', 'kettle', 'headphones', 'table fan', 'extension board'],
  clothing: ['hoodie', 'jacket', 'kurta', 'sports shoes', 'raincoat'],
  furniture: ['chair', 'study table', 'bookshelf', 'bean bag', 'folding chair'],
  food: ['laddoos', 'protein bars', 'pickle jar', 'dry fruits', 'instant noodles'],
  sports: ['cricket bat', 'badminton racquet', 'football', 'yoga mat', 'dumbbells'],
  musical: ['guitar', 'keyboard', 'ukulele', 'harmonica', 'tabla'],
  decor: ['fairy lights', 'poster', 'wall clock', 'plant pot', 'lamp'],
  cycles: ['Hercules cycle', 'geared cycle', 'Lady Bird cycle', 'cycle lock', 'cycle pump'],
  stationery: ['drafter', 'scientific pens', 'A4 sheets', 'graph book', 'geometry box'],
  'room-essentials': ['mattress topper', 'bucket', 'mirror', 'clothes stand', 'curtains'],
  other: ['umbrella', 'suitcase', 'trolley bag', 'water bottle', 'lunch box'],
};
const ADJECTIVES = [
  'Blue',
  'Compact',
  'Sturdy',
  'Old',
  'Almost new',
  'Large',
  'Small',
  'Wooden',
  'Steel',
  'Red',
];

/** 100 hostellers and one day scholar; `count` products: 75 % available, 10 % reserved, 15 % sold. */
export async function seedProducts(db: Db, count: number) {
  const random = rng(7);
  const sellers = await db
    .insert(users)
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        name: `Bench Seller ${i + 1}`,
        email: `bench.seller${i + 1}@example.edu`,
        role: 'hosteller' as const,
        phoneNumber: '9876543210',
        hostelBlock: 'Block A',
        roomNumber: String(100 + i),
        isVerified: true,
      })),
    )
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const [viewer] = await db
    .insert(users)
    .values({
      name: 'Bench Viewer',
      email: 'bench.viewer@example.edu',
      role: 'dayscholar',
      phoneNumber: '9876543211',
      isVerified: true,
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const now = Date.now();
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, j) => {
      const category = pick(PRODUCT_CATEGORIES);
      const noun = pick(NOUNS[category]);
      const roll = random();
      const status: ProductStatus = roll < 0.75 ? 'available' : roll < 0.85 ? 'reserved' : 'sold';
      const createdAt = new Date(now - Math.floor(random() * 60 * 86_400_000));
      return {
        sellerId: sellers[(start + j) % sellers.length]!.id,
        name: `${pick(ADJECTIVES)} ${noun}`,
        description: `Selling my ${noun}. Used for ${1 + Math.floor(random() * 4)} semesters, pick up from the hostel.`,
        price: (50 + Math.floor(random() * 19_950)) * 100,
        quantity: 1 + Math.floor(random() * 2),
        category,
        condition: pick(PRODUCT_CONDITIONS),
        isNegotiable: random() < 0.4,
        status,
        createdAt,
        updatedAt: createdAt,
        soldAt: status === 'sold' ? createdAt : null,
      };
    });
    const inserted = await db.insert(products).values(rows).returning({ id: products.id });
    await db.insert(productImages).values(
      inserted.map((p, k) => ({
        productId: p.id,
        path: `products/${(start + k).toString(16).padStart(32, '0')}.webp`,
        thumbPath: `products/${(start + k).toString(16).padStart(32, '0')}_thumb.webp`,
        width: 1600,
        height: 1200,
        position: 0,
      })),
    );
  }
  await db.execute(sql`analyze`);
  return { viewer: viewer! };
}

async function runServer() {
  const dataDir = benchDataDir('products');
  const config = benchConfig(dataDir);
  const url = process.env.BENCH_TARGET_URL;
  const database = await openBenchDatabase(url, dataDir);
  const began = Date.now();
  const { viewer } = await seedProducts(database.db, COUNT);
  const seedMs = Date.now() - began;
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await startSession(
    { db: database.db, jwt: createJwt(config.jwtSecret, '1h') },
    viewer,
    'bench',
  );
  process.send!({ port: (app.server.address() as { port: number }).port, token, seedMs });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

// ---------------------------------------------------------------- parent --------------------------

interface Row {
  target: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  rows?: number;
  kb?: number;
}

async function start<T>(role: 'hello' | 'server', env: Record<string, string> = {}) {
  const child = fork(self, [role], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${role} exited with code ${code} before it was ready`)));
  });
  return { child, info };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

async function measure(target: string, endpoint: string, url: string, headers: Record<string, string> = {}) {
  const probe = await fetch(url, { headers });
  const text = await probe.text();
  if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}: ${text}`);
  const body = JSON.parse(text) as { products?: unknown[] };
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const row: Row = {
    target,
    endpoint,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    rows: body.products?.length,
    kb: body.products ? Buffer.byteLength(text) / 1024 : undefined,
  };
  console.log(
    `  ${target.padEnd(10)} ${endpoint.padEnd(8)} ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`,
  );
  return row;
}

async function benchApp(target: string, env: Record<string, string>, rows: Row[]) {
  const began = Date.now();
  const { child, info } = await start<{ port: number; token: string; seedMs: number }>('server', env);
  console.log(
    `  ${target}: seeded ${COUNT} products in ${(info.seedMs / 1000).toFixed(1)} s, ready after ${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
  try {
    for (const [name, pathAndQuery] of ENDPOINTS)
      rows.push(
        await measure(target, name, `http://127.0.0.1:${info.port}${pathAndQuery}`, {
          authorization: `Bearer ${info.token}`,
        }),
      );
  } finally {
    await stop(child);
  }
}

function printTable(rows: Row[], baseline: number) {
  const header = [
    'target',
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs baseline',
    'rows',
    'KB',
    'non-2xx',
    'errors',
  ];
  const lines = rows.map((r) => [
    r.target,
    r.endpoint,
    String(Math.round(r.rps)),
    String(r.p50),
    String(r.p99),
    `${((r.rps / baseline) * 100).toFixed(1)} %`,
    r.rows === undefined ? '' : String(r.rows),
    r.kb === undefined ? '' : r.kb.toFixed(1),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log();
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

/**
 * A phone-size "photo": 4000 × 3000, large smooth structure plus fine detail (which is what makes
 * real photos big), JPEG q90 with EXIF GPS, ~4 MB.
 */
async function phonePhoto() {
  const W = 4000;
  const H = 3000;
  const random = rng(99);
  const noise = (n: number) => {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = (random() * 256) | 0;
    return b;
  };
  const coarse = await sharp(noise(200 * 150 * 3), { raw: { width: 200, height: 150, channels: 3 } })
    .resize(W, H, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const fine = await sharp(noise(W * H * 3), { raw: { width: W, height: H, channels: 3 } })
    .blur(0.8)
    .raw()
    .toBuffer();
  const mix = Buffer.alloc(W * H * 3);
  for (let i = 0; i < mix.length; i++) mix[i] = (coarse[i]! * 0.6 + fine[i]! * 0.4) | 0;
  return sharp(mix, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'BenchPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1/1' } })
    .toBuffer();
}

async function benchImages() {
  const input = await phonePhoto();
  const meta = await sharp(input).metadata();
  await processImage(input); // warm-up
  const times: number[] = [];
  let out: Awaited<ReturnType<typeof processImage>> | undefined;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    out = await processImage(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const full = out!.full.data.length;
  const thumb = out!.thumb.data.length;
  console.log(
    `\nImage pipeline: ${meta.width}×${meta.height} JPEG, ${(input.length / 1024 / 1024).toFixed(2)} MB (EXIF: ${meta.exif ? 'yes' : 'no'})`,
  );
  console.log(
    `  decode + rotate + resize + 2 × WebP: median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[4]!.toFixed(0)}) over 5 runs`,
  );
  console.log(
    `  full ${out!.full.width}×${out!.full.height} WebP ${kb(full)} (${((1 - full / input.length) * 100).toFixed(1)} % smaller); ` +
      `thumbnail ${out!.thumb.width}×${out!.thumb.height} ${kb(thumb)}; both together ${((1 - (full + thumb) / input.length) * 100).toFixed(1)} % smaller`,
  );
}

async function main() {
  const began = Date.now();
  console.log(
    `CampusRun products bench: ${COUNT} products, ${CONNECTIONS} connections, ${DURATION} s per measurement (+${WARMUP} s warm-up)`,
  );
  const rows: Row[] = [];
  const hello = await start<{ port: number }>('hello');
  try {
    rows.push(await measure('node:http', 'hello', `http://127.0.0.1:${hello.info.port}/`));
  } finally {
    await stop(hello.child);
  }

  await benchApp('embedded PostgreSQL', {}, rows);
  const pgDb = await createPgDatabase('products');
  if (pgDb) {
    try {
      await benchApp('PostgreSQL', { BENCH_TARGET_URL: pgDb.url }, rows);
    } finally {
      await pgDb.drop();
    }
  }
  printTable(rows, rows[0]!.rps);
  for (const [name, p] of ENDPOINTS) console.log(`${name}: GET ${p} (sold hidden, first page of 50)`);

  await benchImages();
  console.log(`\nTotal time ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

// Runs only as a script (importing it, e.g. for its seeding, does nothing).
if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const role = process.argv[2];
  if (role === 'hello') runHello();
  else if (role === 'server') await runServer();
  else
    await main().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
