/**
 * Web Push against a local push service: it answers over HTTPS with its own certificate, checks the
 * VAPID signature header and decrypts each message (RFC 8291, aes128gcm) with the subscription's
 * keys, as a browser's push service and the browser would. Nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { io as connect, type Socket } from 'socket.io-client';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOST_FOUND_NOTICES,
  PUSH_MESSAGES,
  PUSH_SUBSCRIPTIONS_MAX,
  type PushPayload,
} from '@campusrun/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { pushSubscriptions } from '../../db/schema';
import { systemResolver } from '../../lib/public-address';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser, tokenFor } from '../../test/factories';
import { multipartBody, pngImage } from '../../test/images';
import { createPushSender } from './push.sender';

/** A VAPID key pair of the test's own (the tests' apps have no Web Push unless given one). */
const testVapid = () => ({ ...webpush.generateVAPIDKeys(), subject: 'mailto:support@test.campus' });

interface Received {
  path: string;
  payload: PushPayload;
  authorization: string;
}

let t: TestApp;
let url: string;
let pushServer: Server;
let pushPort: number;
let pushOrigin: string;
let certDir: string;
let certificate: Buffer;
/** TCP connections the local push service has accepted (a refused endpoint must add none). */
let connections = 0;
const received: Received[] = [];
/** Per endpoint path: the browser's keys (to decrypt) and what the service answers. */
const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();

beforeAll(async () => {
  certDir = mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  const [key, cert] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  certificate = readFileSync(cert);
  pushServer = createServer({ key: readFileSync(key), cert: certificate }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const browser = browsers.get(req.url ?? '');
      if (!browser) return void res.writeHead(404).end();
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      });
      received.push({
        path: req.url ?? '',
        payload: JSON.parse(plain.toString('utf8')) as PushPayload,
        authorization: String(req.headers.authorization ?? ''),
      });
      res.writeHead(browser.status).end();
    });
  });
  pushServer.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  pushPort = (pushServer.address() as AddressInfo).port;
  pushOrigin = `https://127.0.0.1:${pushPort}`;
  // The local push service is on loopback, on its own port: allowed here only.
  t = await buildTestApp(
    { push: { allowPrivateEndpoints: true, endpointPorts: [443, pushPort] }, vapid: testVapid() },
    { push: { ca: certificate } },
  );
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushServer.close(resolve));
  rmSync(certDir, { recursive: true, force: true });
});

/** A browser subscribing for `headers`' user: its endpoint path on the local push service. */
async function subscribe(headers: { authorization: string }, status = 201) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpointPath = `/push/${randomBytes(8).toString('hex')}`;
  browsers.set(endpointPath, { ecdh, auth, status });
  const res = await postSubscription(headers, pushOrigin + endpointPath, keysOf(endpointPath));
  expect(res.statusCode).toBe(201);
  return endpointPath;
}

/** The keys a browser subscribed at `endpointPath` sends. */
function keysOf(endpointPath: string) {
  const browser = browsers.get(endpointPath)!;
  return {
    p256dh: browser.ecdh.getPublicKey().toString('base64url'),
    auth: browser.auth.toString('base64url'),
  };
}

const someKeys = () => ({
  p256dh: randomBytes(65).toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});

const postSubscription = (
  headers: { authorization: string },
  endpoint: string,
  keys: { p256dh: string; auth: string } = someKeys(),
  app: TestApp = t,
) => app.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers, payload: { endpoint, keys } });

const pushesTo = (endpointPath: string) => received.filter((r) => r.path === endpointPath);
const waitForPush = async (endpointPath: string, count = 1) => {
  for (let i = 0; i < 100 && pushesTo(endpointPath).length < count; i++)
    await new Promise((r) => setTimeout(r, 50));
  return pushesTo(endpointPath);
};
const settle = () => new Promise((r) => setTimeout(r, 600));
/** This app's push sends so far, by outcome, as GET /api/metrics reports them. */
const pushSends = async (): Promise<Record<string, number>> => {
  const body = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
  return Object.fromEntries(
    [...body.matchAll(/^push_sends_total\{outcome="(\w+)"\} (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
};
const message = (from: { authorization: string }, receiverId: string, content: string) =>
  t.app.inject({ method: 'POST', url: '/api/chat', headers: from, payload: { receiverId, content } });

describe('web push', () => {
  it('refuses the signed-out and a subscription that is not an https push endpoint', async () => {
    const user = await createUser(t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/config' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: await authAs(t, user),
      payload: { endpoint: 'http://127.0.0.1/x', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
    });
    expect(bad.statusCode).toBe(400);
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/push/config',
      headers: await authAs(t, user),
    });
    expect(config.json()).toEqual({
      publicKey: t.config.vapid!.publicKey,
      preferences: { messages: true, requests: true, urgent: true, marketplace: true, lostFound: true },
    });
  });

  it('pushes a notification, signed and encrypted, to a user with no open socket; it opens the thread', async () => {
    const [alice, bob] = [await createUser(t.db, { name: 'Alice' }), await createUser(t.db, { name: 'Bob' })];
    const bobH = await authAs(t, bob);
    const endpoint = await subscribe(bobH);
    await message(await authAs(t, alice), bob.id, 'Are you in your room?');
    const [push] = await waitForPush(endpoint);
    expect(push!.payload).toMatchObject({
      title: 'CampusRun',
      body: 'Alice sent you a message',
      url: `/chat/${alice.id}`,
    });
    expect(push!.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.vapid!.publicKey}$`),
    );
    await settle();
    expect(pushesTo(endpoint)).toHaveLength(1);
  });

  it('a push the push service fails is counted and tried again until it is delivered, never dropped', async () => {
    const [alice, bob] = [await createUser(t.db, { name: 'Alice' }), await createUser(t.db, { name: 'Bob' })];
    const endpoint = await subscribe(await authAs(t, bob), 503);
    const before = await pushSends();
    await message(await authAs(t, alice), bob.id, 'Are you there?');
    await waitForPush(endpoint);
    browsers.get(endpoint)!.status = 201;
    // Tried again after the queue's back-off (about 2 s after the first failure).
    for (let i = 0; i < 300 && pushesTo(endpoint).length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(pushesTo(endpoint).map((p) => p.payload.body)).toEqual([
      'Alice sent you a message',
      'Alice sent you a message',
    ]);
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(/^follow_up_failures_total\{kind="push-message-notice"\} 1$/m);
    // One send failed (503), the next was delivered.
    await expect.poll(pushSends).toEqual({ ...before, failed: before.failed! + 1, sent: before.sent! + 1 });
  });

  it('sends nothing while the user has a socket open, and nothing for a topic they turned off', async () => {
    const [alice, bob] = [await createUser(t.db, { name: 'Alice' }), await createUser(t.db, { name: 'Bob' })];
    const [aliceH, bobH] = [await authAs(t, alice), await authAs(t, bob)];
    const endpoint = await subscribe(bobH);

    const socket: Socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await tokenFor(t, bob) },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const seen = new Promise((resolve) => socket.once('notification', resolve));
    await message(aliceH, bob.id, 'online now?');
    await seen;
    await settle();
    expect(pushesTo(endpoint)).toHaveLength(0);
    socket.disconnect();
    await settle();

    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: bobH,
      payload: { messages: false, requests: true, urgent: true, marketplace: true },
    });
    expect(prefs.statusCode).toBe(200);
    // A new conversation notification (the first one is still unread: it would only be refreshed).
    await t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: bobH });
    await message(aliceH, bob.id, 'offline now');
    await settle();
    expect(pushesTo(endpoint)).toHaveLength(0);
  });

  it('forgets a subscription the push service says is gone, and never pushes after unsubscribing', async () => {
    const [alice, bob, carol] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const [aliceH, bobH, carolH] = [await authAs(t, alice), await authAs(t, bob), await authAs(t, carol)];
    const gone = await subscribe(bobH, 410);
    const before = await pushSends();
    await message(aliceH, bob.id, 'hello');
    await waitForPush(gone);
    await settle();
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bob.id));
    expect(left).toEqual([]);
    expect(await pushSends()).toEqual({ ...before, gone: before.gone! + 1 });

    const endpoint = await subscribe(carolH);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: carolH,
      payload: { endpoint: pushOrigin + endpoint },
    });
    expect(off.statusCode).toBe(200);
    await message(aliceH, carol.id, 'anyone?');
    await settle();
    expect(pushesTo(endpoint)).toHaveLength(0);
  });
});

describe('urgent requests', () => {
  it('reach day scholars who are offline and want them, and open the request', async () => {
    const hosteller = await createUser(t.db, { role: 'hosteller', name: 'Hema' });
    const scholar = await createUser(t.db, { role: 'dayscholar', name: 'Dev' });
    const endpoint = await subscribe(await authAs(t, scholar));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: await authAs(t, hosteller),
      payload: {
        itemName: 'Inhaler',
        description: 'From the pharmacy at the gate',
        quantity: 1,
        expectedPrice: 250,
        deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
        deliveryLocation: 'Block A gate',
        isUrgent: true,
        category: 'medicines',
      },
    });
    expect(res.statusCode).toBe(201);
    const [push] = await waitForPush(endpoint);
    expect(push!.payload).toEqual({
      title: 'Urgent request',
      body: 'Inhaler — Block A gate',
      url: `/requests/${res.json().request.id}`,
      tag: res.json().request.id,
    });
  });

  it('skip a day scholar who gave the request up twice when it is open again', async () => {
    const hosteller = await createUser(t.db, { role: 'hosteller', name: 'Hari' });
    const scholar = await createUser(t.db, { role: 'dayscholar', name: 'Dia' });
    const scholarH = await authAs(t, scholar);
    const endpoint = await subscribe(scholarH);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: await authAs(t, hosteller),
      payload: {
        itemName: 'Charger',
        description: 'USB-C, 65 W',
        quantity: 1,
        expectedPrice: 60,
        deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
        deliveryLocation: 'Block C gate',
        isUrgent: true,
        category: 'medicines',
      },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().request.id as string;
    await waitForPush(endpoint);
    for (let round = 0; round < 2; round++) {
      const accept = await t.app.inject({
        method: 'PUT',
        url: `/api/requests/${id}/accept`,
        headers: scholarH,
      });
      expect(accept.statusCode).toBe(200);
      const giveUp = await t.app.inject({
        method: 'PUT',
        url: `/api/requests/${id}/cancel-delivery`,
        headers: scholarH,
      });
      expect(giveUp.statusCode).toBe(200);
    }
    // Open again after the first give-up: pushed; after the second, they may not accept it: not pushed.
    await waitForPush(endpoint, 2);
    await settle();
    expect(pushesTo(endpoint)).toHaveLength(2);
  });
});

describe('lost-and-found notices', () => {
  const inject = async (
    method: 'POST' | 'PUT' | 'GET',
    url: string,
    headers: { authorization: string },
    payload?: object,
  ) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const found = async (headers: { authorization: string }, title: string) => {
    const res = await inject('POST', '/lost-found', headers, {
      kind: 'found',
      title,
      category: 'other',
      place: 'Library, 2nd floor',
      when: new Date(Date.now() - 3600_000).toISOString(),
      details: 'Left on a desk',
      question: 'What is inside the lid?',
      answer: 'A fox sticker',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().post.id as string;
  };
  const claim = async (headers: { authorization: string }, postId: string) =>
    expect(
      (await inject('POST', `/lost-found/${postId}/claims`, headers, { answer: 'A fox' })).statusCode,
    ).toBe(201);

  it('reach an offline member and open the post, until they turn lost and found off', async () => {
    const finder = await createUser(t.db, { role: 'hosteller', name: 'Farah' });
    const [finderH, ownerH, otherH] = [
      await authAs(t, finder),
      await authAs(t, await createUser(t.db, { role: 'dayscholar', name: 'Omar' })),
      await authAs(t, await createUser(t.db, { role: 'hosteller', name: 'Gita' })),
    ];
    const endpoint = await subscribe(finderH);
    const bottle = await found(finderH, 'Blue water bottle');
    await claim(ownerH, bottle);
    const [push] = await waitForPush(endpoint);
    expect(push!.payload).toMatchObject({
      body: LOST_FOUND_NOTICES.claimed('Blue water bottle'),
      url: `/lost-found/${bottle}`,
    });

    const off = await inject('PUT', '/push/preferences', finderH, {
      messages: true,
      requests: true,
      urgent: true,
      marketplace: true,
      lostFound: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences.lostFound).toBe(false);
    // An app from before the choice leaves it out: it stays off.
    const older = await inject('PUT', '/push/preferences', finderH, {
      messages: true,
      requests: true,
      urgent: true,
      marketplace: true,
    });
    expect(older.json().preferences).toEqual({
      messages: true,
      requests: true,
      urgent: true,
      marketplace: true,
      lostFound: false,
    });
    expect((await inject('GET', '/push/config', finderH)).json().preferences.lostFound).toBe(false);

    await claim(otherH, await found(finderH, 'Grey umbrella'));
    const notices = await inject('GET', '/notifications', finderH);
    expect(JSON.stringify(notices.json())).toContain(LOST_FOUND_NOTICES.claimed('Grey umbrella'));
    await settle();
    expect(pushesTo(endpoint)).toHaveLength(1);
  });
});

describe('push endpoints that reach inside the deployment', () => {
  /** The same server with the production rules: public hosts only, port 443 (and the local port). */
  let strict: TestApp;
  /** Names this resolver answers itself; every other name goes to the system's resolver. */
  const names = new Map<string, string[]>();
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const own = names.get(host);
    if (own) return own.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    return systemResolver(host);
  };

  beforeAll(async () => {
    strict = await buildTestApp(
      { push: { allowPrivateEndpoints: false, endpointPorts: [443, pushPort] }, vapid: testVapid() },
      { push: { ca: certificate, resolve } },
    );
  });
  afterAll(() => strict.close());

  it('refuses a push endpoint on loopback, private, link-local or other inside addresses, or a port other than 443', async () => {
    names.set('inside.push.test', ['127.0.0.1']);
    names.set('private.push.test', ['10.0.0.7']);
    const headers = await authAs(strict, await createUser(strict.db));
    const inside = [
      'https://[::1]/x',
      'https://localhost/x', // the system resolver answers 127.0.0.1
      'https://inside.push.test/x',
      'https://private.push.test/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://100.64.0.1/x',
      'https://127.1/x',
      'https://0.0.0.0/x',
      'https://[::]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a9fe:a9fe]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://224.0.0.1/x',
      'https://255.255.255.255/x',
      'https://push.example.com:8443/x',
      'https://user:secret@push.example.com/x',
    ];
    for (const endpoint of inside) {
      const res = await postSubscription(headers, endpoint, someKeys(), strict);
      expect({ endpoint, status: res.statusCode, message: res.json().message }).toEqual({
        endpoint,
        status: 400,
        message: PUSH_MESSAGES.endpointRefused,
      });
    }
    const unknown = await postSubscription(headers, 'https://nowhere.invalid/x', someKeys(), strict);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(PUSH_MESSAGES.endpointUnknown);
    expect(await strict.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('never contacts a push endpoint whose host resolves to loopback at send time (DNS rebinding)', async () => {
    const [alice, bob] = [await createUser(strict.db), await createUser(strict.db)];
    // Stored while the names pointed at the internet; now they point at this machine's loopback,
    // where the local push service listens.
    names.set('rebind.push.test', ['127.0.0.1']);
    const endpoints = [
      `https://rebind.push.test:${pushPort}/push/rebind`,
      `https://localhost:${pushPort}/push/localhost`,
      `https://127.0.0.1:${pushPort}/push/literal`,
    ];
    const keys = keysOf(await subscribe(await authAs(t, await createUser(t.db))));
    await strict.db
      .insert(pushSubscriptions)
      .values(endpoints.map((endpoint) => ({ userId: bob.id, endpoint, ...keys })));
    const before = connections;
    asked.length = 0;
    const res = await strict.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await authAs(strict, alice),
      payload: { receiverId: bob.id, content: 'ping' },
    });
    expect(res.statusCode).toBe(201);
    for (let i = 0; i < 60 && (await strict.db.select().from(pushSubscriptions)).length > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    // The pushes were attempted (the names were looked up when connecting), none connected, and
    // the endpoints are forgotten.
    expect(asked).toEqual(expect.arrayContaining(['rebind.push.test', 'localhost']));
    await settle();
    expect(connections - before).toBe(0);
    expect(await strict.db.select().from(pushSubscriptions)).toEqual([]);
  });
});

describe('push subscription amplification', () => {
  it(`keeps at most ${PUSH_SUBSCRIPTIONS_MAX} subscriptions per user: the ${PUSH_SUBSCRIPTIONS_MAX + 1}th drops the oldest`, async () => {
    const [alice, bob] = [await createUser(t.db), await createUser(t.db)];
    const bobH = await authAs(t, bob);
    const endpoints: string[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_MAX; i++) endpoints.push(await subscribe(bobH));
    const stored = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bob.id));
    expect(stored).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(stored.map((s) => s.endpoint)).not.toContain(pushOrigin + endpoints[0]);

    const before = connections;
    await message(await authAs(t, alice), bob.id, 'one message, ten pushes at most');
    for (const endpoint of endpoints.slice(1)) expect(await waitForPush(endpoint)).toHaveLength(1);
    await settle();
    expect(pushesTo(endpoints[0]!)).toEqual([]);
    expect(connections - before).toBeLessThanOrEqual(PUSH_SUBSCRIPTIONS_MAX);
  });

  it("refuses another user's re-registration of a push endpoint unless the keys match", async () => {
    const [alice, mallory, carol] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const [aliceH, malloryH] = [await authAs(t, alice), await authAs(t, mallory)];
    const endpoint = await subscribe(aliceH);

    const taken = await postSubscription(malloryH, pushOrigin + endpoint, someKeys());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PUSH_MESSAGES.endpointTaken);
    await message(await authAs(t, carol), alice.id, 'still yours');
    const [push] = await waitForPush(endpoint);
    expect(push!.payload.body).toContain('sent you a message');

    // The same browser (same keys), now signed in to another account, takes its endpoint along.
    const moved = await postSubscription(malloryH, pushOrigin + endpoint, keysOf(endpoint));
    expect(moved.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, pushOrigin + endpoint));
    expect(row!.userId).toBe(mallory.id);
  });
});

describe('push sends', () => {
  it('push sends give up after their timeout and keep at most the concurrency cap in flight', async () => {
    // A push service that accepts and never answers.
    const held: ServerResponse[] = [];
    const silent = createServer(
      { key: readFileSync(path.join(certDir, 'key.pem')), cert: certificate },
      (req, res) => {
        req.resume();
        held.push(res);
      },
    );
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const send = createPushSender(t.config.vapid!, {
      rules: { allowPrivateEndpoints: true, endpointPorts: [port] },
      ca: certificate,
      limits: { timeoutMs: 400, concurrency: 2, queueMax: 1 },
    });
    const keys = keysOf(await subscribe(await authAs(t, await createUser(t.db))));
    const payload = { title: 't', body: 'b', url: '/' };
    const started = Date.now();
    const outcomes = Promise.all(
      [1, 2, 3, 4].map((i) => send({ endpoint: `https://127.0.0.1:${port}/push/${i}`, ...keys }, payload)),
    );
    await new Promise((r) => setTimeout(r, 250));
    expect(held).toHaveLength(2); // two in flight, one waiting, one dropped
    expect(await outcomes).toEqual(['failed', 'failed', 'failed', 'dropped']);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(held).toHaveLength(3);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe("a followed seller's new listings", () => {
  it('reach an offline follower: one opens the product, the grouped one the seller', async () => {
    const seller = await createUser(t.db, { role: 'hosteller', name: 'Asha' });
    const fan = await createUser(t.db, { role: 'dayscholar', name: 'Dev' });
    const [sellerH, fanH] = [await authAs(t, seller), await authAs(t, fan)];
    const endpoint = await subscribe(fanH);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${seller.id}/follow`, headers: fanH }))
        .statusCode,
    ).toBe(200);
    const png = await pngImage();
    const listProduct = async (name: string) => {
      const body = multipartBody(
        { name, description: 'Barely used', price: '300', category: 'books', condition: 'good' },
        [{ filename: 'photo.png', contentType: 'image/png', data: png }],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { ...sellerH, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().product.id as string;
    };

    const first = await listProduct('Physics notes');
    const [push] = await waitForPush(endpoint);
    expect(push!.payload).toMatchObject({ body: 'Asha listed Physics notes', url: `/products/${first}` });
    await listProduct('Chemistry notes');
    const [, grouped] = await waitForPush(endpoint, 2);
    // The same notice, grouped: it replaces the first on the device (same tag).
    expect(grouped!.payload).toMatchObject({
      body: 'Asha listed 2 new items',
      url: `/users/${seller.id}`,
      tag: push!.payload.tag,
    });
  });
});

describe('a push that survives a restart', () => {
  it('fails twice, the app restarts, and the third try on the new process delivers it', async () => {
    // Its own app and database: this test closes its app midway.
    const first = await buildTestApp(
      { push: { allowPrivateEndpoints: true, endpointPorts: [443, pushPort] }, vapid: testVapid() },
      { push: { ca: certificate } },
    );
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const hosteller = await createUser(first.db, { role: 'hosteller', name: 'Hema' });
      const scholar = await createUser(first.db, { role: 'dayscholar', name: 'Deepak' });
      const endpointPath = `/push/${randomBytes(8).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      browsers.set(endpointPath, { ecdh, auth: randomBytes(16), status: 503 });
      const hostellerH = await authAs(first, hosteller);
      const subscribed = await postSubscription(
        hostellerH,
        pushOrigin + endpointPath,
        keysOf(endpointPath),
        first,
      );
      expect(subscribed.statusCode).toBe(201);
      const request = await createRequest(first.db, { requester: hosteller, itemName: 'Umbrella' });
      const accepted = await first.app.inject({
        method: 'PUT',
        url: `/api/requests/${request.id}/accept`,
        headers: await authAs(first, scholar),
      });
      expect(accepted.statusCode).toBe(200);

      // Two tries the push service refuses (the second about 2 s after the first).
      for (let i = 0; i < 200 && pushesTo(endpointPath).length < 2; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(pushesTo(endpointPath)).toHaveLength(2);
      // The push service has the second try; its failure is counted once the job's run ends.
      await expect
        .poll(async () => (await first.app.inject({ method: 'GET', url: '/api/metrics' })).body, {
          timeout: 10_000,
        })
        .toMatch(/^follow_up_failures_total\{kind="push-notice"\} 2$/m);

      // The process goes away; a new one on the same database takes the job up.
      await first.app.close();
      browsers.get(endpointPath)!.status = 201;
      second = await buildApp(first.config, first.database, { push: { ca: certificate } });
      await second.ready();
      for (let i = 0; i < 300 && pushesTo(endpointPath).length < 3; i++)
        await new Promise((r) => setTimeout(r, 50));
      const tries = pushesTo(endpointPath);
      expect(tries.map((p) => p.payload.body)).toEqual(
        Array(3).fill('Deepak accepted your request for Umbrella'),
      );
      // Delivered once: no fourth try.
      await new Promise((r) => setTimeout(r, 1500));
      expect(pushesTo(endpointPath)).toHaveLength(3);
    } finally {
      await second?.close();
      await first.database.close();
      await first.smtp.close();
      rmSync(first.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('push endpoint settings', () => {
  it('refuses private push endpoints in production, and reads extra endpoint ports', () => {
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: certDir,
    };
    expect(() => loadConfig({ ...env, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' })).toThrow(
      /PUSH_ALLOW_PRIVATE_ENDPOINTS: must be off when NODE_ENV=production/,
    );
    expect(loadConfig({ ...env, PUSH_ENDPOINT_PORTS: '8443, 4443' }).push).toEqual({
      endpointPorts: [443, 8443, 4443],
      allowPrivateEndpoints: false,
    });
    expect(() => loadConfig({ ...env, PUSH_ENDPOINT_PORTS: '80,http' })).toThrow(/PUSH_ENDPOINT_PORTS/);
  });
});
