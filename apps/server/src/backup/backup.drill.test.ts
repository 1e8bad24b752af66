import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openPostgres, type Db } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { notifications, productImages } from '../db/schema';
import { uploadsDir } from '../lib/storage';
import { buildTestApp, testConfig } from '../test/build-test-app';
import {
  createProduct,
  createRequest,
  createUser,
  DEFAULT_PASSWORD,
  tokenFor,
  bearer,
} from '../test/factories';
import { tempDataDir } from '../test/global-setup';
import { pngImage } from '../test/images';
import { createBackup } from './dump';
import { backupKey } from './key';
import { verifyBackup } from './manifest';
import { restoreBackup } from './restore';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/**
 * Where a restore drill loads into: a fresh DATA_DIR with its own embedded PostgreSQL server, or,
 * when the suite runs on TEST_DATABASE_URL, a new database on that server.
 */
async function freshTarget(): Promise<{ url: string; dataDir: string }> {
  const dataDir = tempDataDir('campusrun-restore-');
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!process.env.TEST_DATABASE_URL) {
    const server = await startEmbeddedPostgres(dataDir, { throwaway: true });
    cleanups.push(() => server.stop());
    return { url: server.url, dataDir };
  }
  const name = `campusrun_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(inject('testDatabaseUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), dataDir };
}

const WRITER_ITEM = 'Written during the backup';

/** Commits a user and a request of theirs in one transaction, again and again until stopped. */
function startWriter(db: Db) {
  const committed: string[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const id = await db.transaction(async (tx) => {
        const user = await createUser(tx as unknown as Db, { name: 'Writer' });
        await createRequest(tx as unknown as Db, { requester: user, itemName: WRITER_ITEM });
        return user.id;
      });
      committed.push(id);
    }
  })();
  return {
    committed,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

it('a backup taken while rows are written restores every row committed at its moment, and the photos', async () => {
  const source = await buildTestApp();
  cleanups.push(() => source.close());
  const asha = await createUser(source.db, { name: 'Asha Rao' });
  const request = await createRequest(source.db, { requester: asha, itemName: 'Graph paper' });
  const product = await createProduct(source.db, { seller: asha, name: 'Desk lamp' });
  // A value a later migration added to an enum (PostgreSQL refuses its use in the transaction that added it).
  await source.db
    .insert(notifications)
    .values({ userId: asha.id, type: 'settlement', message: 'You owe Asha' });
  const [image] = await source.db.select().from(productImages).where(eq(productImages.productId, product.id));
  const photo = await pngImage(640, 480, '#cc6633');
  for (const key of [image!.path, image!.thumbPath]) {
    const file = path.join(uploadsDir(source.config), key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, photo);
  }

  const writer = startWriter(source.db);
  await vi.waitFor(() => expect(writer.committed.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
  const before = [...writer.committed];
  const to = mkdtempSync(path.join(os.tmpdir(), 'campusrun-backups-'));
  cleanups.push(() => rmSync(to, { recursive: true, force: true }));
  const key = await backupKey(source.config);
  const backup = await createBackup({
    url: source.database.url,
    photos: { kind: 'local', dir: uploadsDir(source.config) },
    to,
    key,
  });
  // Rows committed once the backup is written came after its snapshot.
  const seen = writer.committed.length;
  await vi.waitFor(() => expect(writer.committed.length).toBeGreaterThan(seen + 1), { timeout: 10_000 });
  const late = writer.committed.at(-1)!;
  await writer.stop();
  // The wipe: the source database and its data directory are gone.
  await cleanups.shift()!();
  cleanups.length = 0;
  cleanups.push(() => rmSync(to, { recursive: true, force: true }));

  const target = await freshTarget();
  await restoreBackup(backup.folder, await verifyBackup(backup.folder, { key }), {
    url: target.url,
    uploadsDir: path.join(target.dataDir, 'uploads'),
  });

  const database = await openPostgres(target.url, 2);
  const config = testConfig({ dataDir: target.dataDir });
  const app = await buildApp(config, database);
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  const count = async (table: string) => {
    const { rows } = (await database.query(`select count(*)::int as n from ${table}`)) as {
      rows: { n: number }[];
    };
    return rows[0]!.n;
  };
  for (const table of backup.manifest.tables)
    expect(await count(`"${table.schema}"."${table.name}"`), `${table.schema}.${table.name}`).toBe(
      table.rows,
    );
  const { rows: users } = (await database.query(`select id from users where name = 'Writer'`)) as {
    rows: { id: string }[];
  };
  const restored = new Set(users.map((u) => u.id));
  for (const id of before) expect(restored.has(id)).toBe(true);
  expect(restored.has(late)).toBe(false);
  expect(restored.size).toBeGreaterThanOrEqual(before.length);
  // One snapshot: each writer's user came with its request, though the two tables were copied apart.
  expect(await count(`requests where item_name = '${WRITER_ITEM}'`)).toBe(restored.size);

  // The app runs on it: Asha signs in, sees her request, and the lamp's photo is served byte for byte.
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: asha.email, password: DEFAULT_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const headers = bearer(await tokenFor({ config, db: database.db }, asha));
  const mine = await app.inject({ url: `/api/requests/${request.id}`, headers });
  expect(mine.statusCode).toBe(200);
  expect(mine.json().request.itemName).toBe('Graph paper');
  const served = await app.inject({ url: `/uploads/${image!.path}` });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(photo)).toBe(true);
  expect(readFileSync(path.join(target.dataDir, 'uploads', image!.thumbPath)).equals(photo)).toBe(true);
}, 60_000);
