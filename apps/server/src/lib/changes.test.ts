/**
 * The announcements of changes (users, data) between processes: PostgreSQL LISTEN/NOTIFY (with
 * TEST_DATABASE_URL) and Redis pub/sub (with REDIS_URL). Each transport is opened twice here, as two
 * processes would.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { notifyUserChanged } from '../modules/identity/auth.repo';
import { decode, encode, openChanges, type Change, type Changes } from './changes';
import { openRedis, type SharedRedis } from './redis';

const testDbUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const silent = { warn: () => undefined, info: () => undefined, debug: () => undefined };

/** What one process's handlers saw. */
function recorder() {
  /** Users' ids, 'ended <user> <session or all>' for ended sessions, and 'data' for a data change. */
  const changed: string[] = [];
  const live: boolean[] = [];
  return {
    changed,
    live,
    handlers: {
      changed: (c: Change) =>
        changed.push(
          c.kind === 'data' || c.kind === 'lists'
            ? [c.kind, ...(c.userIds ?? [])].join(' ')
            : c.kind === 'user'
              ? c.userId
              : `ended ${c.userId} ${c.sessionId ?? 'all'}`,
        ),
      live: (v: boolean) => live.push(v),
    },
  };
}

async function until(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('what travels on the channel', () => {
  it('reads back every kind of change as it was sent', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const changes: Change[] = [
      { kind: 'user', userId: a },
      { kind: 'sessionsEnded', userId: a, sessionId: b },
      { kind: 'sessionsEnded', userId: a },
      { kind: 'data' },
      { kind: 'data', userIds: [a, b] },
      { kind: 'data', userIds: [] },
      { kind: 'lists', userIds: [b] },
    ];
    for (const change of changes) expect(encode(change).map(decode)).toEqual([change]);
  });

  it('cuts a long list of members into announcements a NOTIFY carries (under 8,000 bytes)', () => {
    const userIds = Array.from({ length: 1000 }, () => randomUUID());
    const payloads = encode({ kind: 'lists', userIds });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => (decode(p) as { userIds: string[] }).userIds)).toEqual(userIds);
  });

  it('ignores what it does not know', () => {
    for (const payload of ['', 'nonsense', 'user:', 'user:a:b', 'ended:', 'lists:a:b'])
      expect(decode(payload)).toBeUndefined();
  });
});

describe('without PostgreSQL or Redis', () => {
  it('is live at once and has nobody to tell', async () => {
    const seen = recorder();
    const changes = await openChanges({ log: silent }, seen.handlers);
    expect(changes.via).toBe('local');
    expect(seen.live).toEqual([true]);
    await changes.publish({ kind: 'user', userId: randomUUID() });
    expect(seen.changed).toEqual([]);
    await changes.close();
  });
});

describe.skipIf(!testDbUrl)('over PostgreSQL LISTEN/NOTIFY', () => {
  let admin: pg.Client;
  let dbName: string;
  let url: string;
  let database: Database;
  const opened: Changes[] = [];
  const open = async (handlers: ReturnType<typeof recorder>['handlers']) => {
    const changes = await openChanges(
      {
        databaseUrl: url,
        notify: (channel, payload) => notifyUserChanged(database.db, channel, payload),
        log: silent,
        retryMs: 100,
      },
      handlers,
    );
    opened.push(changes);
    return changes;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDbUrl });
    await admin.connect();
    dbName = `campusrun_changes_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${dbName} template ${inject('pgTemplateDb')}`);
    const target = new URL(testDbUrl!);
    target.pathname = `/${dbName}`;
    url = target.toString();
    database = await openPostgres(url, 2);
  });
  afterAll(async () => {
    for (const changes of opened) await changes.close();
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
  });

  it('tells every process, itself included, which user changed', async () => {
    const one = recorder();
    const two = recorder();
    const a = await open(one.handlers);
    await open(two.handlers);
    expect(a.via).toBe('postgres');
    expect(one.live).toEqual([false, true]);
    expect(two.live).toEqual([false, true]);
    const id = randomUUID();
    await a.publish({ kind: 'user', userId: id });
    await until(() => two.changed.includes(id) && one.changed.includes(id), 1000);
    await a.publish({ kind: 'data' });
    await until(() => two.changed.includes('data') && one.changed.includes('data'), 1000);
    const others = [randomUUID(), randomUUID()];
    await a.publish({ kind: 'lists', userIds: others });
    const lists = `lists ${others.join(' ')}`;
    await until(() => two.changed.includes(lists) && one.changed.includes(lists), 1000);
  });

  it('tells every process whose sessions ended: one session, or every one of the account', async () => {
    const one = recorder();
    const two = recorder();
    const a = await open(one.handlers);
    await open(two.handlers);
    const [userId, sessionId] = [randomUUID(), randomUUID()];
    await a.publish({ kind: 'sessionsEnded', userId, sessionId });
    await a.publish({ kind: 'sessionsEnded', userId });
    const expected = [`ended ${userId} ${sessionId}`, `ended ${userId} all`];
    await until(() => expected.every((e) => one.changed.includes(e) && two.changed.includes(e)), 1000);
  });

  it('stops trusting while its connection is lost, and listens again', async () => {
    const seen = recorder();
    const changes = await open(seen.handlers);
    expect(seen.live).toEqual([false, true]);
    // Every listener of this database is cut off, as a database restart or a network failure would.
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
      [dbName],
    );
    await until(() => seen.live.length >= 3);
    expect(seen.live[2]).toBe(false);
    await until(() => seen.live.length >= 4);
    expect(seen.live[3]).toBe(true);
    const id = randomUUID();
    await changes.publish({ kind: 'user', userId: id });
    await until(() => seen.changed.includes(id), 1000);
  });

  it('stops listening when closed', async () => {
    const seen = recorder();
    const changes = await open(seen.handlers);
    await changes.close();
    const listeners = await admin.query(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen %' and state = 'idle'`,
      [dbName],
    );
    // Only the listeners of the other cases (still open) remain.
    expect(listeners.rows[0].n).toBe(opened.length - 1);
  });
});

describe.skipIf(!redisUrl)('over Redis pub/sub', () => {
  const base = `campusrun-changes-${randomBytes(4).toString('hex')}`;
  const clients: SharedRedis[] = [];
  const opened: Changes[] = [];
  /** One process: its Redis connections are named after it. */
  const open = async (name: string, handlers: ReturnType<typeof recorder>['handlers']) => {
    const redis = await openRedis(redisUrl!, silent, { connectionName: `${base}-${name}` });
    clients.push(redis);
    const changes = await openChanges({ redis, log: silent }, handlers);
    opened.push(changes);
    return changes;
  };
  afterAll(async () => {
    for (const changes of opened) await changes.close();
    for (const redis of clients) await redis.close();
  });

  it('tells every process, itself included, which user changed, and listens again after a loss', async () => {
    const one = recorder();
    const two = recorder();
    const a = await open('one', one.handlers);
    await open('two', two.handlers);
    expect(a.via).toBe('redis');
    await until(() => one.live.at(-1) === true && two.live.at(-1) === true);
    const id = randomUUID();
    await a.publish({ kind: 'user', userId: id });
    await until(() => two.changed.includes(id) && one.changed.includes(id), 1000);
    await a.publish({ kind: 'data' });
    await until(() => two.changed.includes('data') && one.changed.includes('data'), 1000);

    // Cut off the second process's subscription only (the Redis server may be shared).
    const list = (await clients[0]!.client.client('LIST')) as string;
    const subscriber = list
      .split('\n')
      .find((line) => line.includes(`name=${base}-two `) && / sub=1 /.test(line));
    const clientId = subscriber && /(?:^| )id=(\d+)/.exec(subscriber)?.[1];
    expect(clientId).toBeDefined();
    const before = two.live.length;
    await clients[0]!.client.client('KILL', 'ID', clientId!);
    await until(() => two.live.length > before + 1 && two.live.at(-1) === true);
    expect(two.live.slice(before)).toEqual([false, true]);
    const again = randomUUID();
    await a.publish({ kind: 'user', userId: again });
    await until(() => two.changed.includes(again), 1000);
  });
});
