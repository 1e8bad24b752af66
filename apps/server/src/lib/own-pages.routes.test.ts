/**
 * Each member's own lists (my requests, my deliveries, notifications, chats) through the API with
 * the page cache on: a repeated list is answered from the member's own cached page (rows written
 * behind the services' back do not show, which is how these cases tell a cached answer), and every
 * change through the API that the member would see on it shows at once: theirs, the other party's,
 * a name, a rating, a notification read, a deadline passing. Nobody is ever answered another
 * member's page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, DeliveryRequest } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { authAs, createRequest, createUser } from '../test/factories';

let t: TestApp;
type Headers = Record<string, string>;
type Member = Awaited<ReturnType<typeof createUser>> & { h: Headers };

beforeAll(async () => {
  t = await buildTestApp({ pageCacheEntries: 100, requestSweepSeconds: 0 });
}, 60_000);
afterAll(() => t?.close());

async function member(role: 'hosteller' | 'dayscholar', name: string): Promise<Member> {
  const user = await createUser(t.db, { role, name });
  return { ...user, h: await authAs(t, user) };
}
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, m: Member, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: m.h, ...(payload ? { payload } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, m: Member, payload?: object) => {
  const res = await call(method, url, m, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
const myRequests = async (m: Member) =>
  (await ok('GET', '/requests/my-requests', m)).json().requests as DeliveryRequest[];
const myDeliveries = async (m: Member) =>
  (await ok('GET', '/requests/my-deliveries', m)).json().deliveries as DeliveryRequest[];
const conversations = async (m: Member) =>
  (await ok('GET', '/chat/conversations', m)).json().conversations as Conversation[];
const notifications = async (m: Member) =>
  (await ok('GET', '/notifications', m)).json() as {
    notifications: { message: string }[];
    unreadCount: number;
  };
const names = (rows: DeliveryRequest[]) => rows.map((r) => r.itemName);

const postRequest = (m: Member, itemName: string) =>
  ok('POST', '/requests', m, {
    itemName,
    description: 'Two of them',
    quantity: 1,
    expectedPrice: 40,
    deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
    deliveryLocation: 'Block A gate',
    isUrgent: false,
    category: 'other',
  });

describe('my requests and my deliveries', () => {
  it('answers a repeated list from the member’s own page, with an ETag, and their own post at once', async () => {
    const asha = await member('hosteller', 'Asha Own');
    await postRequest(asha, 'Milk');
    const first = await ok('GET', '/requests/my-requests', asha);
    expect(names(first.json().requests)).toEqual(['Milk']);
    // Never stored by the browser (its cache outlives signing out); a client that sends the tag back
    // is answered 304.
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/requests/my-requests',
      headers: { ...asha.h, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    await createRequest(t.db, { requester: asha, itemName: 'Behind the back' });
    expect(names(await myRequests(asha))).toEqual(['Milk']);
    // Her own new request shows at once (and the row written behind the back with it).
    await postRequest(asha, 'Bread');
    expect(names(await myRequests(asha))).toEqual(['Bread', 'Behind the back', 'Milk']);
  });

  it('never answers one member another member’s list at the same address', async () => {
    const [one, two] = [await member('hosteller', 'Uma One'), await member('hosteller', 'Tara Two')];
    await postRequest(one, 'Pens');
    await postRequest(two, 'Soap');
    expect(names(await myRequests(one))).toEqual(['Pens']);
    expect(names(await myRequests(two))).toEqual(['Soap']);
  });

  it('shows the other party’s change on both lists at once, and leaves a third member’s page alone', async () => {
    const asha = await member('hosteller', 'Asha Party');
    const dev = await member('dayscholar', 'Dev Party');
    const other = await member('hosteller', 'Omar Other');
    const posted = (await postRequest(asha, 'Charger')).json().request as DeliveryRequest;
    await postRequest(other, 'Umbrella');
    expect((await myRequests(asha))[0]!.status).toBe('pending');
    expect(await myDeliveries(dev)).toEqual([]);
    expect(names(await myRequests(other))).toEqual(['Umbrella']);
    await createRequest(t.db, { requester: other, itemName: 'Behind the back' });

    await ok('PUT', `/requests/${posted.id}/accept`, dev);
    expect((await myRequests(asha))[0]).toMatchObject({
      status: 'accepted',
      deliverer: { name: 'Dev Party' },
    });
    expect(names(await myDeliveries(dev))).toEqual(['Charger']);
    expect(names((await ok('GET', '/dayscholar/deliveries/active', dev)).json().deliveries)).toEqual([
      'Charger',
    ]);
    // Omar's list had nothing to do with it: still his cached page.
    expect(names(await myRequests(other))).toEqual(['Umbrella']);
  });

  it('shows a new name of the other party at once', async () => {
    const asha = await member('hosteller', 'Asha Names');
    const dev = await member('dayscholar', 'Dev Before');
    const posted = (await postRequest(asha, 'Lamp')).json().request as DeliveryRequest;
    await ok('PUT', `/requests/${posted.id}/accept`, dev);
    expect((await myRequests(asha))[0]!.deliverer?.name).toBe('Dev Before');
    await ok('PUT', '/users/profile', dev, { name: 'Dev After', phoneNumber: '9876543210' });
    expect((await myRequests(asha))[0]!.deliverer?.name).toBe('Dev After');
  });

  it('shows the member’s own rating at once', async () => {
    const asha = await member('hosteller', 'Asha Rates');
    const dev = await member('dayscholar', 'Dev Rated');
    const done = await createRequest(t.db, { requester: asha, deliverer: dev, status: 'completed' });
    expect((await myRequests(asha))[0]).toMatchObject({ viewerHasRated: false, can: { rate: true } });
    await ok('POST', '/ratings', asha, {
      userId: dev.id,
      requestId: done.id,
      rating: 5,
      ratingType: 'hosteller_to_dayscholar',
    });
    expect((await myRequests(asha))[0]).toMatchObject({ viewerHasRated: true, can: { rate: false } });
  });

  it('shows a pending request expired once its deadline passes, with no write in between', async () => {
    const asha = await member('hosteller', 'Asha Waits');
    await createRequest(t.db, { requester: asha, itemName: 'Soon', deadline: new Date(Date.now() + 1500) });
    const before = await myRequests(asha);
    expect(before[0]).toMatchObject({ itemName: 'Soon', isExpired: false });
    await new Promise((r) => setTimeout(r, 1600));
    expect((await myRequests(asha))[0]).toMatchObject({ itemName: 'Soon', isExpired: true });
  });
});

describe('chats and notifications', () => {
  it('shows a new message, its reading and a notification read on both sides at once', async () => {
    const asha = await member('hosteller', 'Asha Chat');
    const dev = await member('dayscholar', 'Dev Chat');
    expect(await conversations(asha)).toEqual([]);
    expect(await conversations(dev)).toEqual([]);
    expect((await notifications(asha)).unreadCount).toBe(0);

    await ok('POST', '/chat', dev, { receiverId: asha.id, content: 'At the gate' });
    expect(await conversations(asha)).toMatchObject([
      { user: { id: dev.id }, latestMessage: { content: 'At the gate' }, unreadCount: 1 },
    ]);
    expect(await conversations(dev)).toMatchObject([{ user: { id: asha.id }, unreadCount: 0 }]);
    const told = await notifications(asha);
    expect(told.unreadCount).toBe(1);

    // Asha opens the chat: read on her list at once.
    await ok('GET', `/chat/conversation/${dev.id}`, asha);
    expect((await conversations(asha))[0]!.unreadCount).toBe(0);
    await ok('PUT', '/notifications/read-all', asha);
    expect((await notifications(asha)).unreadCount).toBe(0);

    // Dev's new name shows on Asha's chat list.
    await ok('PUT', '/users/profile', dev, { name: 'Dev Renamed', phoneNumber: '9876543210' });
    expect((await conversations(asha))[0]!.user.name).toBe('Dev Renamed');
  });
});
