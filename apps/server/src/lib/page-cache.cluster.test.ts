/**
 * Two real server processes on one PostgreSQL database, each with its own cache of shared pages
 * (available requests, marketplace). A write through one process is on the other's pages within the
 * notification delay (100 ms), and once it is there no stale page comes back, while the other
 * process keeps refilling its cache. Once with PostgreSQL LISTEN/NOTIFY carrying the changes, once
 * with Redis pub/sub (CHANGE_CHANNEL=redis). Runs with TEST_DATABASE_URL (and REDIS_URL for the
 * second):
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx vitest run --project server src/lib/page-cache.cluster
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { createProduct, createUser, tokenFor } from '../test/factories';
import { freePort } from '../test/free-port';

const testDbUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const JWT_SECRET = `pages-${randomBytes(16).toString('hex')}`;
const config = { jwtSecret: JWT_SECRET } as Parameters<typeof tokenFor>[0]['config'];
/** The notification delay: a write on one process is on the other's pages within this. */
const WITHIN_MS = 100;
/** How long the other process is watched once the write is there. */
const WATCH_MS = 400;

interface Proc {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: string[];
}

async function startServer(databaseUrl: string, extraEnv: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-pages-'));
  const child = spawn(process.execPath, ['--import', tsx, path.join(serverDir, 'src/server.ts')], {
    // cwd is the data dir so no developer .env is picked up.
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      // Required in production; nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_GLOBAL: '100000',
      RATE_LIMIT_ACCOUNT: '100000',
      RATE_LIMIT_ADDRESS: '100000',
      RATE_LIMIT_AUTH: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const p = { child, url: `http://127.0.0.1:${port}`, dataDir, output };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output.join('')}`);
    try {
      if ((await fetch(`${p.url}/api/health`)).ok) return p;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output.join('')}`);
}

const api = (p: Proc, method: string, url: string, token: string, body?: object, headers = {}) =>
  fetch(`${p.url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const variants: { name: string; env: Record<string, string>; skip: boolean }[] = [
  { name: 'PostgreSQL LISTEN/NOTIFY', env: {}, skip: !testDbUrl },
  {
    name: 'Redis pub/sub',
    env: { REDIS_URL: redisUrl ?? '', CHANGE_CHANNEL: 'redis' },
    skip: !testDbUrl || !redisUrl,
  },
];

for (const variant of variants) {
  describe.skipIf(variant.skip)(`shared pages on two server processes, changes over ${variant.name}`, () => {
    let admin: pg.Client;
    let dbName: string;
    let database: Database;
    let p1: Proc;
    let p2: Proc;
    let hostellerToken: string;
    let sellerToken: string;
    let dsToken: string;
    let seller: Awaited<ReturnType<typeof createUser>>;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: testDbUrl });
      await admin.connect();
      dbName = `campusrun_pages_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${dbName} template ${inject('pgTemplateDb')}`);
      const target = new URL(testDbUrl!);
      target.pathname = `/${dbName}`;
      database = await openPostgres(target.toString(), 2);
      [p1, p2] = await Promise.all([
        startServer(target.toString(), variant.env),
        startServer(target.toString(), variant.env),
      ]);
      const hosteller = await createUser(database.db, { role: 'hosteller' });
      seller = await createUser(database.db, { role: 'hosteller', name: 'Sita Seller' });
      const ds = await createUser(database.db, { role: 'dayscholar' });
      [hostellerToken, sellerToken, dsToken] = await Promise.all(
        [hosteller, seller, ds].map((u) => tokenFor({ config, db: database.db }, u)),
      );
      // Until both processes listen, they cache nothing; wait for that before measuring.
      await new Promise((r) => setTimeout(r, 500));
    }, 120_000);

    afterAll(async () => {
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

    /**
     * Writes through p1 while p2 is being read all the time (so p2 refills its cache while the
     * write happens), then reads p2 until `shows` holds: answers how long after the write's answer
     * that took, and fails if p2 ever answers without it afterwards.
     */
    async function readYourWrite(
      read: () => Promise<string>,
      write: () => Promise<void>,
      shows: (page: string) => boolean,
    ) {
      let stop = false;
      const background = (async () => {
        while (!stop) await read();
      })();
      // The page is cached on p2 before the write.
      expect(shows(await read())).toBe(false);
      await write();
      const written = Date.now();
      let seenAfter: number | undefined;
      while (Date.now() - written < WATCH_MS || seenAfter === undefined) {
        // When the read began: a read that begins after the change has reached p2 sees it, however
        // long the read itself takes on a busy machine.
        const elapsed = Date.now() - written;
        const page = await read();
        if (shows(page)) seenAfter ??= elapsed;
        else if (seenAfter !== undefined)
          throw new Error(`a stale page came back ${elapsed} ms after the write`);
        if (elapsed > 10 * WATCH_MS) throw new Error('the write never showed');
      }
      stop = true;
      await background;
      return seenAfter;
    }

    it('a new request on one process is on the other’s available list within 100 ms, and stays', async () => {
      const read = async () => {
        const res = await api(p2, 'GET', '/dayscholar/requests/available?limit=20', dsToken);
        expect(res.status).toBe(200);
        return res.text();
      };
      const delays: number[] = [];
      for (let i = 0; i < 5; i++) {
        const itemName = `Item ${randomBytes(4).toString('hex')}`;
        const ms = await readYourWrite(
          read,
          async () => {
            const res = await api(p1, 'POST', '/requests', hostellerToken, {
              itemName,
              description: 'One please',
              quantity: 1,
              expectedPrice: 30,
              deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
              deliveryLocation: 'Block A gate',
              isUrgent: false,
              category: 'other',
            });
            expect(res.status).toBe(201);
          },
          (page) => page.includes(itemName),
        );
        delays.push(ms);
      }
      expect(Math.max(...delays)).toBeLessThanOrEqual(WITHIN_MS);
    }, 60_000);

    it('a product edited on one process shows edited on the other’s list and detail within 100 ms', async () => {
      const product = await createProduct(database.db, { seller, name: 'Desk lamp' });
      for (const [i, url] of [`/products/${product.id}`, '/products?search=lamp'].entries()) {
        const read = async () => {
          const res = await api(p2, 'GET', url, dsToken);
          expect(res.status).toBe(200);
          return res.text();
        };
        const status = i === 0 ? 'reserved' : 'available';
        const ms = await readYourWrite(
          read,
          async () => {
            const res = await api(p1, 'PATCH', `/products/${product.id}/status`, sellerToken, { status });
            expect(res.status).toBe(200);
          },
          (page) => page.includes(`"status":"${status}"`),
        );
        expect(ms).toBeLessThanOrEqual(WITHIN_MS);
      }
    }, 60_000);

    it.skipIf(variant.env.CHANGE_CHANNEL === 'redis')(
      'serves no cached page while its listener reconnects, so a write it cannot hear still shows',
      async () => {
        const url = '/dayscholar/requests/available?limit=20';
        const read = async () => (await api(p2, 'GET', url, dsToken)).text();
        await read();
        // Every listener of this database is cut off, as a database restart would; they listen again
        // about a second later, so a NOTIFY sent meanwhile reaches nobody.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
          [dbName],
        );
        await new Promise((r) => setTimeout(r, 200));
        const itemName = `Unheard ${randomBytes(4).toString('hex')}`;
        const res = await api(p1, 'POST', '/requests', hostellerToken, {
          itemName,
          description: 'One please',
          quantity: 1,
          expectedPrice: 30,
          deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
          deliveryLocation: 'Block A gate',
          isUrgent: false,
          category: 'other',
        });
        expect(res.status).toBe(201);
        expect(await read()).toContain(itemName);
        // Listening again (after about a second), it still never serves the page from before.
        for (const started = Date.now(); Date.now() - started < 2000;)
          expect(await read()).toContain(itemName);
      },
      30_000,
    );

    it('gives the same ETag for the same page on both processes', async () => {
      const url = '/dayscholar/requests/available?limit=5';
      const one = await api(p1, 'GET', url, dsToken);
      const etag = one.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const two = await api(p2, 'GET', url, dsToken, undefined, { 'if-none-match': etag });
      expect(two.status).toBe(304);
    });
  });
}
