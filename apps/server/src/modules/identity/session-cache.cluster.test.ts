/**
 * Two real server processes on one PostgreSQL database, without Redis. Each keeps its signed-in users
 * cached; a change made through one process (sign-out, new password, completed profile, new name)
 * is honoured by the other within a second, carried by PostgreSQL LISTEN/NOTIFY.
 * Runs with TEST_DATABASE_URL (REDIS_URL is not needed):
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx vitest run --project server src/modules/identity/session-cache.cluster
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { DEFAULT_PASSWORD, createUser, tokenFor } from '../../test/factories';
import { freePort } from '../../test/free-port';

const testDbUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const JWT_SECRET = `sessions-${randomBytes(16).toString('hex')}`;
const config = { jwtSecret: JWT_SECRET } as Parameters<typeof tokenFor>[0]['config'];
/** How soon every process must honour a change made on another one. */
const WITHIN_MS = 1000;

interface Proc {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: string[];
}

async function startServer(databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-sessions-'));
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

const api = (p: Proc, method: string, url: string, token: string, body?: object) =>
  fetch(`${p.url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** Milliseconds until `check` holds, polling; throws past WITHIN_MS (and a little more for slow machines). */
async function msUntil(check: () => Promise<boolean>) {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > 5 * WITHIN_MS) throw new Error('never happened');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!testDbUrl)('signed-in users cached by two server processes on PostgreSQL', () => {
  let admin: pg.Client;
  let dbName: string;
  let database: Database;
  let p1: Proc;
  let p2: Proc;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDbUrl });
    await admin.connect();
    dbName = `campusrun_sessions_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${dbName} template ${inject('pgTemplateDb')}`);
    const target = new URL(testDbUrl!);
    target.pathname = `/${dbName}`;
    database = await openPostgres(target.toString(), 2);
    [p1, p2] = await Promise.all([startServer(target.toString()), startServer(target.toString())]);
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
    // Without force first: forcing would cut connections that are still closing.
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

  /** A user both processes have just served (so both have them cached), with their token. */
  async function seenByBoth(opts: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(database.db, opts);
    const token = await tokenFor({ config, db: database.db }, user);
    for (const p of [p1, p2, p1, p2]) expect((await api(p, 'GET', '/auth/me', token)).status).toBe(200);
    return { ...user, token };
  }

  it('a sign-out on one process refuses the token on the other within a second; the account’s other devices stay signed in', async () => {
    const u = await seenByBoth();
    const laptop = await tokenFor({ config, db: database.db }, u);
    for (const p of [p1, p2]) expect((await api(p, 'GET', '/auth/me', laptop)).status).toBe(200);
    expect((await api(p1, 'POST', '/auth/logout', u.token)).status).toBe(200);
    expect((await api(p1, 'GET', '/auth/me', u.token)).status).toBe(401);
    const ms = await msUntil(async () => (await api(p2, 'GET', '/auth/me', u.token)).status === 401);
    expect(ms).toBeLessThan(WITHIN_MS);
    for (const p of [p1, p2]) expect((await api(p, 'GET', '/auth/me', laptop)).status).toBe(200);
  });

  it('a device signed out from another one, or every device at once, is refused on both processes within a second', async () => {
    const u = await seenByBoth();
    const laptop = await tokenFor({ config, db: database.db }, u);
    const tablet = await tokenFor({ config, db: database.db }, u);
    for (const p of [p1, p2])
      for (const token of [laptop, tablet]) expect((await api(p, 'GET', '/auth/me', token)).status).toBe(200);
    const sid = JSON.parse(Buffer.from(tablet.split('.')[1]!, 'base64url').toString()).sid as string;
    expect((await api(p1, 'DELETE', `/auth/sessions/${sid}`, laptop)).status).toBe(200);
    let ms = await msUntil(async () => (await api(p2, 'GET', '/auth/me', tablet)).status === 401);
    expect(ms).toBeLessThan(WITHIN_MS);
    expect((await api(p2, 'GET', '/auth/me', laptop)).status).toBe(200);
    expect((await api(p1, 'POST', '/auth/logout-all', u.token)).status).toBe(200);
    ms = await msUntil(async () => (await api(p2, 'GET', '/auth/me', laptop)).status === 401);
    expect(ms).toBeLessThan(WITHIN_MS);
    expect((await api(p2, 'GET', '/auth/me', u.token)).status).toBe(401);
  });

  it('a new password on one process refuses the old token on the other within a second; the new one works there', async () => {
    const u = await seenByBoth();
    const changed = await api(p1, 'PUT', '/users/change-password', u.token, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'a-new-password-1',
    });
    expect(changed.status).toBe(200);
    const { token } = (await changed.json()) as { token: string };
    const ms = await msUntil(async () => (await api(p2, 'GET', '/auth/me', u.token)).status === 401);
    expect(ms).toBeLessThan(WITHIN_MS);
    expect((await api(p2, 'GET', '/auth/me', token)).status).toBe(200);
  });

  it('a profile completed on one process opens the role’s pages on the other within a second', async () => {
    const u = await createUser(database.db, { role: 'hosteller', name: 'Gita' });
    await database.db.update(users).set({ role: null, isProfileComplete: false }).where(eq(users.id, u.id));
    const token = await tokenFor({ config, db: database.db }, u);
    for (const p of [p1, p2]) expect((await api(p, 'GET', '/hosteller/stats', token)).status).toBe(403);
    const done = await api(p1, 'PUT', '/users/complete-google-profile', token, {
      role: 'hosteller',
      phoneNumber: '9876543210',
      hostelBlock: 'Block D',
      roomNumber: '7',
    });
    expect(done.status).toBe(200);
    const ms = await msUntil(async () => (await api(p2, 'GET', '/hosteller/stats', token)).status === 200);
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it('a name changed on one process is the name the other one uses within a second', async () => {
    const asha = await seenByBoth({ role: 'hosteller', name: 'Asha' });
    const ravi = await createUser(database.db, { role: 'dayscholar', name: 'Ravi' });
    const renamed = await api(p1, 'PUT', '/users/profile', asha.token, {
      name: 'Asha Rao',
      phoneNumber: '9876543210',
      hostelBlock: 'Block A',
      roomNumber: '101',
    });
    expect(renamed.status).toBe(200);
    await new Promise((r) => setTimeout(r, WITHIN_MS));
    const sent = await api(p2, 'POST', '/chat', asha.token, { receiverId: ravi.id, content: 'hello' });
    expect(sent.status).toBe(201);
    const [note] = await database.db.select().from(notifications).where(eq(notifications.userId, ravi.id));
    expect(note!.message).toBe('Asha Rao sent you a message');
  });
});
