/** Settlements over the socket: both parties hear of each change, presented for each; nobody else does. */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents, Settlement } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createRequest, createUser, tokenFor } from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Person = Awaited<ReturnType<typeof createUser>> & { token: string };

let t: TestApp;
let url: string;
const open: Client[] = [];

beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

async function person(role: 'hosteller' | 'dayscholar', name?: string): Promise<Person> {
  const user = await createUser(t.db, { role, name });
  return { ...user, token: await tokenFor(t, user) };
}

/** A connected socket of `user`, with every settlement update it gets recorded. */
async function online(user: Person) {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: user.token },
  });
  open.push(s);
  const got: Settlement[] = [];
  s.on('settlement:updated', ({ settlement }) => got.push(settlement));
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  await new Promise<void>((resolve) => {
    s.once('user:status', () => resolve());
    s.emit('user:check', []);
  });
  return got;
}

const settle = () => new Promise((r) => setTimeout(r, 300));
const put = (path: string, who: Person, payload?: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api${path}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });

describe('settlement:updated', () => {
  it('reaches both parties, each with their own can, when it opens and when it changes', async () => {
    const meera = await person('hosteller', 'Meera');
    const dev = await person('dayscholar', 'Dev');
    const other = await person('hosteller', 'Other');
    const [toMeera, toDev, toOther] = await Promise.all([online(meera), online(dev), online(other)]);
    const request = await createRequest(t.db, {
      requester: meera,
      deliverer: dev,
      status: 'accepted',
      pickedUp: true,
      expectedPrice: 60,
    });

    expect((await put(`/requests/${request.id}/confirm-receipt`, meera)).statusCode).toBe(200);
    await settle();
    expect(toMeera).toHaveLength(1);
    expect(toMeera[0]).toMatchObject({ state: 'open', amount: 60, can: { pay: true, receive: false } });
    expect(toDev[0]).toMatchObject({ id: toMeera[0]!.id, can: { pay: false, receive: true } });

    expect((await put(`/settlements/${toMeera[0]!.id}/paid`, meera, { method: 'upi' })).statusCode).toBe(200);
    await settle();
    expect(toMeera.map((s) => s.state)).toEqual(['open', 'paid']);
    expect(toDev[1]).toMatchObject({
      state: 'paid',
      method: 'upi',
      can: { receive: true, notReceive: true },
    });
    expect(toOther).toEqual([]);
  });
});

describe("the payer's tip", () => {
  it('reaches the payee at once, with the UPI link asking for it on top of what is owed', async () => {
    const asha = await person('hosteller', 'Asha');
    const ravi = await person('dayscholar', 'Ravi');
    const request = await createRequest(t.db, {
      requester: asha,
      deliverer: ravi,
      status: 'accepted',
      pickedUp: true,
      expectedPrice: 40,
    });
    expect((await put(`/requests/${request.id}/confirm-receipt`, asha)).statusCode).toBe(200);
    await settle();
    const [toAsha, toRavi] = await Promise.all([online(asha), online(ravi)]);
    const { settlement } = (
      await t.app.inject({
        method: 'GET',
        url: `/api/settlements/for?kind=request&targetId=${request.id}`,
        headers: bearer(asha.token),
      })
    ).json();
    expect((await put(`/settlements/${settlement.id}/tip`, asha, { tip: 20 })).statusCode).toBe(200);
    await settle();
    expect(toRavi).toHaveLength(1);
    expect(toRavi[0]).toMatchObject({ id: settlement.id, amount: 40, tip: 20, can: { tip: false } });
    expect(toAsha[0]).toMatchObject({ amount: 40, tip: 20, can: { tip: true } });
  });
});

describe('the payee adds a UPI ID', () => {
  it('the payer of each open settlement owed to them gets Pay with UPI at once, and loses it when it goes', async () => {
    const asha = await person('hosteller', 'Asha');
    const ravi = await person('dayscholar', 'Ravi');
    const request = await createRequest(t.db, {
      requester: asha,
      deliverer: ravi,
      status: 'accepted',
      pickedUp: true,
      expectedPrice: 40,
    });
    expect((await put(`/requests/${request.id}/confirm-receipt`, asha)).statusCode).toBe(200);
    await settle();
    const [toAsha, toRavi] = await Promise.all([online(asha), online(ravi)]);

    const profile = (upiId: string | null) =>
      put('/users/profile', ravi, { name: 'Ravi', phoneNumber: '9876543210', upiId });
    expect((await profile('ravi@okbank')).statusCode).toBe(200);
    await settle();
    expect(toAsha).toHaveLength(1);
    expect(toAsha[0]).toMatchObject({ state: 'open', can: { pay: true } });
    expect(toAsha[0]!.upiUri).toContain('pa=ravi%40okbank');
    expect(toRavi[0]).toMatchObject({ id: toAsha[0]!.id, can: { pay: false } });

    expect((await profile(null)).statusCode).toBe(200);
    await settle();
    expect(toAsha.map((s) => s.upiUri)).toEqual([toAsha[0]!.upiUri, null]);
  });
});
