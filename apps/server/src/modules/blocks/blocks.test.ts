/** Blocking: no chat either way (HTTP and socket), no accepting, the other's listings out of lists. */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCK_MESSAGES,
  type ClientToServerEvents,
  type SendAck,
  type ServerToClientEvents,
} from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createProduct, createRequest, createUser, tokenFor } from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const sockets: Client[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

async function person(role: 'hosteller' | 'dayscholar') {
  const user = await createUser(t.db, { role });
  const token = await tokenFor(t, user);
  return { ...user, token, h: bearer(token) };
}
type Person = Awaited<ReturnType<typeof person>>;

const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  path: string,
  who: Person | null,
  payload?: object,
) => t.app.inject({ method, url: `/api${path}`, headers: who?.h ?? {}, ...(payload ? { payload } : {}) });
const block = (who: Person, whom: { id: string }) => call('POST', `/users/${whom.id}/block`, who);
const unblock = (who: Person, whom: { id: string }) => call('DELETE', `/users/${whom.id}/block`, who);
const message = (from: Person, to: { id: string }, content = 'hello') =>
  call('POST', '/chat', from, { receiverId: to.id, content, clientId: crypto.randomUUID() });

async function socketOf(p: Person) {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: p.token },
  });
  sockets.push(s);
  await new Promise((resolve, reject) => {
    s.once('connect', () => resolve(null));
    s.once('connect_error', reject);
  });
  return s;
}
const sendOverSocket = (s: Client, to: { id: string }) =>
  new Promise<SendAck>((resolve) =>
    s.emit(
      'message:send',
      { receiverId: to.id, message: 'over the socket', clientId: crypto.randomUUID() },
      resolve,
    ),
  );

describe('blocking', () => {
  it('block, list and unblock; idempotent; not yourself; 404 for nobody; 401 signed out', async () => {
    const me = await person('hosteller');
    const other = await person('dayscholar');
    expect((await block(me, other)).json()).toEqual({ blocked: true, message: BLOCK_MESSAGES.blocked });
    expect((await block(me, other)).statusCode).toBe(200);
    const listed = (await call('GET', '/users/blocked', me)).json().users;
    expect(listed).toEqual([{ id: other.id, name: other.name, avatar: null, blockedAt: expect.any(String) }]);
    expect((await call('GET', '/users/blocked', other)).json().users).toEqual([]);
    const self = await block(me, me);
    expect([self.statusCode, self.json().message]).toEqual([400, BLOCK_MESSAGES.self]);
    expect((await block(me, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await call('POST', `/users/${other.id}/block`, null)).statusCode).toBe(401);
    expect((await unblock(me, other)).json()).toEqual({ blocked: false, message: BLOCK_MESSAGES.unblocked });
    expect((await call('GET', '/users/blocked', me)).json().users).toEqual([]);
  });

  it('refuses chat both ways over HTTP and the socket while either blocks the other; history stays', async () => {
    const h = await person('hosteller');
    const d = await person('dayscholar');
    expect((await message(h, d, 'before')).statusCode).toBe(201);
    await block(h, d);
    for (const [from, to] of [
      [h, d],
      [d, h],
    ] as const) {
      const res = await message(from, to);
      expect([res.statusCode, res.json().message]).toEqual([403, BLOCK_MESSAGES.cannotMessage]);
      const ack = await sendOverSocket(await socketOf(from), to);
      expect(ack).toEqual({ ok: false, error: BLOCK_MESSAGES.cannotMessage });
    }
    // The blocker's conversation list drops the conversation; the stored history is still there.
    expect((await call('GET', '/chat/conversations', h)).json().conversations).toEqual([]);
    expect((await call('GET', '/chat/conversations', d)).json().conversations).toHaveLength(1);
    await unblock(h, d);
    expect((await message(d, h, 'after')).statusCode).toBe(201);
    const thread = (await call('GET', `/chat/conversation/${d.id}`, h)).json().messages;
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['before', 'after']);
  });

  it('the two see none of each other’s products and requests in lists, and cannot accept each other’s requests', async () => {
    const h = await person('hosteller');
    const d = await person('dayscholar');
    const other = await person('dayscholar');
    const product = await createProduct(t.db, { seller: h });
    const request = await createRequest(t.db, { requester: h });
    const ids = async (p: Person, path: string, key: string) =>
      ((await call('GET', path, p)).json()[key] as { id: string }[]).map((x) => x.id);
    // Cached pages first, so the blocked side cannot get them from the shared cache.
    expect(await ids(d, '/products?limit=100', 'products')).toContain(product.id);
    expect(await ids(d, '/dayscholar/requests/available?limit=100', 'requests')).toContain(request.id);

    await block(d, h);
    expect(await ids(d, '/products?limit=100', 'products')).not.toContain(product.id);
    expect(await ids(d, '/dayscholar/requests/available?limit=100', 'requests')).not.toContain(request.id);
    const accept = await call('PUT', `/requests/${request.id}/accept`, d);
    expect([accept.statusCode, accept.json().message]).toEqual([403, BLOCK_MESSAGES.cannotAccept]);
    // Nobody else's lists change.
    expect(await ids(other, '/products?limit=100', 'products')).toContain(product.id);
    expect(await ids(other, '/dayscholar/requests/available?limit=100', 'requests')).toContain(request.id);

    await unblock(d, h);
    expect(await ids(d, '/products?limit=100', 'products')).toContain(product.id);
    expect((await call('PUT', `/requests/${request.id}/accept`, d)).statusCode).toBe(200);
  });
});
