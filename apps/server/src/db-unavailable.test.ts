import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from './app';
import { openPostgres, type Database } from './db/client';
import { HTTP_MESSAGES } from '@campusrun/shared';
import { testConfig } from './test/build-test-app';
import { authAs, createUser, DEFAULT_PASSWORD } from './test/factories';

type Mode = 'pass' | 'refuse' | 'silent';

/**
 * A TCP hop between the app and PostgreSQL that the test can cut: `pass` forwards, `refuse` drops
 * every connection (open ones too, as when the database host goes away), `silent` accepts and never
 * answers (a host that drops packets).
 */
async function startCuttableProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const socketDir = target.searchParams.get('host');
  const port = Number(target.port || 5432);
  const connectTarget = () =>
    socketDir
      ? net.connect({ path: `${socketDir}/.s.PGSQL.${port}` })
      : net.connect({ host: target.hostname, port });
  let mode: Mode = 'pass';
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return client.destroy();
    if (mode === 'silent') return;
    const upstream = connectTarget();
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port: proxyPort } = server.address() as net.AddressInfo;
  return {
    /** The same database, through the proxy. */
    url(database: string) {
      const url = new URL(`postgres://127.0.0.1:${proxyPort}/${database}`);
      url.username = target.username;
      url.password = target.password;
      return url.toString();
    },
    set(next: Mode) {
      mode = next;
      if (next !== 'pass') for (const socket of open) socket.destroy();
    },
    async close() {
      mode = 'refuse';
      for (const socket of open) socket.destroy();
      if (!server.listening) return;
      server.close();
      await once(server, 'close');
    },
  };
}

let admin: pg.Client;
let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let config: ReturnType<typeof testConfig>;
const name = `campusrun_t_${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplateDb')}`);
  proxy = await startCuttableProxy(inject('testDatabaseUrl'));
  database = await openPostgres(proxy.url(name), 3, 500);
  config = testConfig();
  app = await buildApp(config, database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  await proxy?.close();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
  if (config) rmSync(config.dataDir, { recursive: true, force: true });
});

describe('while the database is unreachable', () => {
  it('answers 503 with a clear message (never 500), and serves again once the database is back', async () => {
    const user = await createUser(database.db, { role: 'hosteller' });
    const headers = await authAs({ config, db: database.db }, user);
    const calls = [
      { method: 'GET' as const, url: '/api/auth/me', headers },
      { method: 'GET' as const, url: '/api/requests/my-requests', headers },
      { method: 'GET' as const, url: '/api/notifications', headers },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      },
    ];
    const answers = async () => {
      const out: Array<[string, number, unknown]> = [];
      for (const call of calls) {
        const res = await app.inject(call);
        out.push([call.url, res.statusCode, res.json()]);
      }
      return out;
    };
    const allOk = (out: Array<[string, number, unknown]>) => out.every(([, status]) => status === 200);
    const allUnavailable = (out: Array<[string, number, unknown]>) =>
      out.every(
        ([, status, body]) =>
          status === 503 &&
          JSON.stringify(body) ===
            JSON.stringify({
              message: HTTP_MESSAGES.serviceUnavailable,
              code: 'SERVICE_UNAVAILABLE',
              reason: 'serviceUnavailable',
            }),
      );

    expect(allOk(await answers())).toBe(true);

    // The database host goes away: open connections are cut, new ones refused at once.
    proxy.set('refuse');
    const refused = await answers();
    expect(allUnavailable(refused), JSON.stringify(refused)).toBe(true);

    // A host that never answers: the wait for a connection times out.
    proxy.set('silent');
    const silent = await answers();
    expect(allUnavailable(silent), JSON.stringify(silent)).toBe(true);

    proxy.set('pass');
    expect(allOk(await answers())).toBe(true);

    // Nothing listens any more (ECONNREFUSED).
    await proxy.close();
    const closed = await answers();
    expect(allUnavailable(closed), JSON.stringify(closed)).toBe(true);
  });
});
