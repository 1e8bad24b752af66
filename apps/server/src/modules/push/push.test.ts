/**
 * Web Push against a local push service: it answers over HTTPS with its own certificate, checks the
 * VAPID signature header and decrypts each message (RFC 8291, aes128gcm) with the subscription's
 * keys, as a browser's push service and the browser would. Nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@campusrun/shared';
import { pushSubscriptions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser, tokenFor } from '../../test/factories';

interface Received {
  path: string;
  payload: PushPayload;
  authorization: string;
}

let t: TestApp;
let url: string;
let pushServer: Server;
let pushOrigin: string;
let certDir: string;
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
  pushServer = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
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
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  pushOrigin = `https://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  t = await buildTestApp({}, { pushAgent: new Agent({ ca: readFileSync(cert) }) });
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
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers,
    payload: {
      endpoint: pushOrigin + endpointPath,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  });
  expect(res.statusCode).toBe(201);
  return endpointPath;
}

const pushesTo = (endpointPath: string) => received.filter((r) => r.path === endpointPath);
const waitForPush = async (endpointPath: string, count = 1) => {
  for (let i = 0; i < 100 && pushesTo(endpointPath).length < count; i++)
    await new Promise((r) => setTimeout(r, 50));
  return pushesTo(endpointPath);
};
const settle = () => new Promise((r) => setTimeout(r, 600));
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
      preferences: { messages: true, requests: true, urgent: true, marketplace: true },
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
    await message(aliceH, bob.id, 'hello');
    await waitForPush(gone);
    await settle();
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bob.id));
    expect(left).toEqual([]);

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
});
