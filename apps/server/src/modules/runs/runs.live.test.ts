/** What open screens hear of shared runs over the socket. */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

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

/** Everything `event` brings within `ms`. */
const collect = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 500) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0][]>((resolve) => {
    const got: Parameters<ServerToClientEvents[E]>[0][] = [];
    const handler = (v: never) => got.push(v);
    s.on(event as 'run:changed', handler as never);
    setTimeout(() => {
      s.off(event as 'run:changed', handler as never);
      resolve(got);
    }, ms);
  });

async function person(role: 'hosteller' | 'dayscholar') {
  const user = await createUser(t.db, { role });
  const token = await tokenFor(t, user);
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  open.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  // The connection handler has joined the rooms once the server answers an event.
  await new Promise<void>((resolve) => {
    s.once('user:status', () => resolve());
    s.emit('user:check', []);
  });
  return { ...user, token, s, h: bearer(token) };
}

const HOUR = 3_600_000;
const item = { itemName: 'Bananas', quantity: 1, deliveryLocation: 'Block C' };

it('every member hears a run change; day scholars never see its requests on the available list', async () => {
  const starter = await person('hosteller');
  const other = await person('hosteller');
  const ds = await person('dayscholar');

  const dsChanged = collect(ds.s, 'run:changed');
  const otherChanged = collect(other.s, 'run:changed');
  const dsAvailable = collect(ds.s, 'request:available');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/runs',
    headers: starter.h,
    payload: {
      pickupFrom: 'Katpadi market',
      cutoffAt: new Date(Date.now() + HOUR).toISOString(),
      deadline: new Date(Date.now() + 3 * HOUR).toISOString(),
      totalFee: 80,
      item,
    },
  });
  expect(res.statusCode).toBe(201);
  const run = res.json().run;
  expect(await dsChanged).toEqual([{ id: run.id }]);
  expect(await otherChanged).toEqual([{ id: run.id }]);
  expect(await dsAvailable).toEqual([]);

  // A join: the starter's request changed its fee (request:updated), and every member hears of the run.
  const starterUpdated = collect(starter.s, 'request:updated');
  const starterChanged = collect(starter.s, 'run:changed');
  const dsAvailable2 = collect(ds.s, 'request:available');
  const joined = await t.app.inject({
    method: 'POST',
    url: `/api/runs/${run.id}/join`,
    headers: other.h,
    payload: item,
  });
  expect(joined.statusCode).toBe(201);
  const updates = await starterUpdated;
  expect(updates.map((u) => u.request.expectedPrice)).toEqual([40]);
  expect(await starterChanged).toEqual([{ id: run.id }]);
  expect(await dsAvailable2).toEqual([]);

  // The accept: each requester is notified and sees their request accepted.
  const notified = collect(other.s, 'notification');
  const otherUpdated = collect(other.s, 'request:updated');
  const accepted = await t.app.inject({ method: 'PUT', url: `/api/runs/${run.id}/accept`, headers: ds.h });
  expect(accepted.statusCode).toBe(200);
  expect((await notified).map((n) => n.type)).toEqual(['request_accepted']);
  expect((await otherUpdated).map((u) => u.request.status)).toEqual(['accepted']);
});
