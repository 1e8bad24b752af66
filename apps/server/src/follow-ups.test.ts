/**
 * A stored message's follow-ups are queued in its own transaction and run by the job queue. Here the
 * database goes away just as the follow-up (the away e-mail) reads it: the try fails, is counted,
 * and the follow-up still happens once the database is back, exactly once.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from './app';
import { openPostgres, type Database } from './db/client';
import { testConfig } from './test/build-test-app';
import { authAs, createUser } from './test/factories';
import { startCuttableProxy } from './test/pg-proxy';
import { startSmtpSink } from './test/smtp-sink';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

let admin: pg.Client;
let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let config: ReturnType<typeof testConfig>;
const name = `campusrun_t_${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplateDb')}`);
  proxy = await startCuttableProxy(inject('testDatabaseUrl'));
  smtp = await startSmtpSink();
  database = await openPostgres(proxy.url(name), 5, 1000);
  config = testConfig({ offlineEmail: { enabled: true, unreadDelaySeconds: 1 } }, { SMTP_URL: smtp.url });
  app = await buildApp(config, database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  await proxy?.close();
  await smtp?.close();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
  if (config) rmSync(config.dataDir, { recursive: true, force: true });
});

describe('a follow-up the database refuses for a moment', () => {
  it('is counted, tried again once the database is back, and happens exactly once', async () => {
    const [alice, bob] = [
      await createUser(database.db, { name: 'Alice Sender' }),
      await createUser(database.db, { name: 'Bob Away' }),
    ];
    const sent = await app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await authAs({ config, db: database.db }, alice),
      payload: { receiverId: bob.id, content: 'Are you at the gate?' },
    });
    expect(sent.statusCode).toBe(201);

    // The away e-mail's job is due a second later; its first statement names Bob. As it is sent,
    // the database host goes away: open connections drop and new ones are refused.
    const cut = proxy.switchWhenSent(bob.id, 'refuse');
    await cut;
    await wait(1500);
    proxy.set('pass');

    const mail = await smtp.waitFor(bob.email, { match: /unread/, timeoutMs: 15_000 });
    expect(mail.subject).toBe('You have 1 unread message from Alice Sender');
    const metrics = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(/^follow_up_failures_total\{kind="email-unread-messages"\} 1$/m);
    // Tried again once, not more: one e-mail.
    await wait(3000);
    expect(smtp.find(bob.email, /unread/)).toHaveLength(1);
  });
});
