import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from './app';
import { openPostgres, type Database } from './db/client';
import { HTTP_MESSAGES } from '@campusrun/shared';
import { testConfig } from './test/build-test-app';
import { startCuttableProxy } from './test/pg-proxy';
import { authAs, createUser, DEFAULT_PASSWORD } from './test/factories';

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
