/**
 * The real server, built as `npm start` builds it (dist/server.js), on the embedded PostgreSQL server in a temporary DATA_DIR:
 * data committed through the API survives kill -9 of the app. (Other lifecycle cases, cheaper
 * without the whole app, are in embedded.test.ts.)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../test/global-setup';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const root = tempDataDir('campusrun-crash-');
const dataDir = path.join(root, 'data');
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGQUIT');
  rmSync(root, { recursive: true, force: true });
});

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/** Starts the built server like `npm start` would, in a directory without a .env. */
function spawnServer(port: number) {
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function startServer() {
  const port = await freePort();
  const server = spawnServer(port);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return { ...server, call };
}

const postmasterPid = () =>
  Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function kill9(child: ChildProcess) {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

const EMAIL = 'crash.test@example.edu';
const PASSWORD = 'a-long-password';

// With TEST_DATABASE_URL the suite runs on that server and starts no embedded PostgreSQL; these
// cases need none of it and run in the default run (npm test), so CI does not run them twice.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server on the embedded PostgreSQL', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  });

  it('keeps every committed row through kill -9 of the app, and stops PostgreSQL on SIGTERM', async () => {
    // First start: create the cluster, register, verify (code from the outbox), post a request.
    const first = await startServer();
    const reg = await first.call('POST', '/api/auth/register', {
      name: 'Asha Rao',
      email: EMAIL,
      password: PASSWORD,
      phoneNumber: '9876543210',
      role: 'hosteller',
      hostelBlock: 'Block A',
      roomNumber: '204',
    });
    expect(reg.status).toBe(201);
    // Outbox files are named by a random id: the mail is found by its recipient.
    const mail = readdirSync(path.join(dataDir, 'outbox'))
      .map((f) => readFileSync(path.join(dataDir, 'outbox', f), 'utf8'))
      .find((text) => text.includes(`To: ${EMAIL}`))!;
    const otp = /\b(\d{6})\b/.exec(mail)![1];
    expect((await first.call('POST', '/api/auth/verify-otp', { email: EMAIL, otp })).status).toBe(200);
    const login = await first.call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
    const created = await first.call(
      'POST',
      '/api/requests',
      {
        itemName: 'Paracetamol',
        description: 'One strip',
        quantity: 1,
        expectedPrice: 40,
        deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
        deliveryLocation: 'Block A reception',
        isUrgent: false,
        category: 'medicines',
      },
      login.json.token as string,
    );
    expect(created.status).toBe(201);
    const requestId = (created.json.request as { id: string }).id;

    const listsTheRequest = async (server: Awaited<ReturnType<typeof startServer>>) => {
      const again = await server.call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
      expect(again.status).toBe(200);
      const mine = await server.call(
        'GET',
        '/api/requests/my-requests',
        undefined,
        again.json.token as string,
      );
      expect(mine.status).toBe(200);
      expect(JSON.stringify(mine.json)).toContain(requestId);
    };

    // kill -9 of the app: its PostgreSQL outlives it; the next start stops that one and comes up.
    const leftOver = postmasterPid();
    await kill9(first.child);
    const second = await startServer();
    expect(postmasterPid()).not.toBe(leftOver);
    await listsTheRequest(second);

    // SIGTERM: the app exits 0 after a fast shutdown of PostgreSQL, which leaves no postmaster.pid.
    const exited = once(second.child, 'exit');
    second.child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'postgresql.log'), 'utf8')).toContain(
      'received fast shutdown request',
    );
  }, 180_000);
});
