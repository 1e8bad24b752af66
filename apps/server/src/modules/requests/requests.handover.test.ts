/**
 * The delivery handover code: the requester reads it, the deliverer types it to complete; wrong codes
 * lock it, and the requester can always confirm receipt instead.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  HANDOVER_CODE,
  REQUEST_MESSAGES,
  REQUEST_REFUSAL_MESSAGES,
  type ClientToServerEvents,
  type DeliveryRequest,
  type ServerToClientEvents,
} from '@campusrun/shared';
import { notifications, requests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../test/factories';
import { createHandoverCodes } from './requests.handover';
import { markCompleted } from './requests.repo';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Headers = Record<string, string>;

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

const put = (path: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'PUT', url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
const get = (path: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api${path}`, headers });

async function person(role: 'hosteller' | 'dayscholar') {
  const user = await createUser(t.db, { role });
  const token = await tokenFor(t, user);
  return { ...user, token, h: bearer(token) };
}

/** A hosteller's request (asking for a code unless told otherwise), accepted by a day scholar. */
async function accepted(opts: { handoverCode?: boolean } = {}) {
  const handoverCode = opts.handoverCode ?? true;
  const requester = await person('hosteller');
  const deliverer = await person('dayscholar');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: requester.h,
    payload: {
      itemName: 'Notebook',
      expectedPrice: 40,
      deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
      deliveryLocation: 'Block C, room 4',
      handoverCode,
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ request: DeliveryRequest }>().request.id;
  const accept = await put(`/requests/${id}/accept`, deliverer.h);
  expect(accept.statusCode).toBe(200);
  return { requester, deliverer, id, asDeliverer: accept.json<{ request: DeliveryRequest }>().request };
}

const view = async (id: string, h: Headers) =>
  (await get(`/requests/${id}`, h)).json<{ request: DeliveryRequest }>().request;

/** A code that is not `code`. */
const other = (code: string) => ((Number(code) + 1) % 10 ** HANDOVER_CODE.length).toString().padStart(4, '0');

describe('handover code', () => {
  it('is drawn on accept and shown to the requester only; stored hashed and sealed, never in the clear', async () => {
    const { requester, deliverer, id, asDeliverer } = await accepted();
    const mine = await view(id, requester.h);
    expect(mine.handoverRequired).toBe(true);
    expect(mine.handoverCode).toMatch(/^\d{4}$/);
    expect(asDeliverer.handoverRequired).toBe(true);
    expect(asDeliverer.handoverCode).toBeNull();
    expect((await view(id, deliverer.h)).handoverCode).toBeNull();
    const stranger = await person('dayscholar');
    expect((await view(id, stranger.h)).handoverCode).toBeNull();

    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.handoverCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.handoverCodeHash).not.toContain(mine.handoverCode!);
    expect(row!.handoverCodeSealed).not.toContain(mine.handoverCode!);
    // No answer carries the stored forms.
    const body = (await get(`/requests/${id}`, requester.h)).body;
    expect(body).not.toContain(row!.handoverCodeHash!);
    expect(body).not.toContain(row!.handoverCodeSealed!);
  });

  it('a request posted without handoverCode completes without a code', async () => {
    const requester = await person('hosteller');
    const deliverer = await person('dayscholar');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: requester.h,
      payload: {
        itemName: 'Pens',
        expectedPrice: 20,
        deadline: new Date(Date.now() + 3600_000).toISOString(),
        deliveryLocation: 'Gate',
      },
    });
    const request = res.json<{ request: DeliveryRequest }>().request;
    expect(request.handoverRequired).toBe(false);
    expect((await put(`/requests/${request.id}/accept`, deliverer.h)).statusCode).toBe(200);
    expect((await view(request.id, requester.h)).handoverCode).toBeNull();
    const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect([row!.handoverCodeHash, row!.handoverCodeSealed]).toEqual([null, null]);
    const done = await put(`/requests/${request.id}/deliver`, deliverer.h, {});
    expect(done.statusCode).toBe(200);
    expect(done.json().request.status).toBe('completed');
  });

  it('the right code completes the request; a missing or wrong one is 400 with the message and reason', async () => {
    const { requester, deliverer, id } = await accepted();
    const code = (await view(id, requester.h)).handoverCode!;
    const missing = await put(`/requests/${id}/deliver`, deliverer.h, { deliveryNotes: 'At the gate' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, REQUEST_MESSAGES.handoverCodeWrong]);
    expect(missing.json().reason).toBe('handoverCodeWrong');
    const wrong = await put(`/requests/${id}/deliver`, deliverer.h, { handoverCode: other(code) });
    expect(wrong.json()).toEqual({
      message: 'That code is not right. 4 tries left.',
      code: 'VALIDATION_FAILED',
      reason: 'handoverCodeWrong',
    });
    const right = await put(`/requests/${id}/deliver`, deliverer.h, {
      deliveryNotes: 'At the gate',
      handoverCode: code,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().request).toMatchObject({ status: 'completed', deliveryNotes: 'At the gate' });
    // Completed: nobody sees the code any more.
    expect((await view(id, requester.h)).handoverCode).toBeNull();
  });

  it('locks after 5 wrong codes: then even the right code is 409, and the requester confirms receipt', async () => {
    const { requester, deliverer, id } = await accepted();
    const code = (await view(id, requester.h)).handoverCode!;
    const answers: [number, string][] = [];
    for (let i = 0; i < HANDOVER_CODE.maxAttempts; i++) {
      const res = await put(`/requests/${id}/deliver`, deliverer.h, { handoverCode: other(code) });
      answers.push([res.statusCode, res.json<{ message: string }>().message]);
    }
    // Each wrong code says how many tries the request has left after it; the last one says it is locked.
    expect(answers).toEqual([
      [400, 'That code is not right. 4 tries left.'],
      [400, 'That code is not right. 3 tries left.'],
      [400, 'That code is not right. 2 tries left.'],
      [400, 'That code is not right. 1 try left.'],
      [400, 'That code is not right, and no tries are left. Ask the requester to confirm receipt.'],
    ]);
    const locked = await put(`/requests/${id}/deliver`, deliverer.h, { handoverCode: code });
    expect([locked.statusCode, locked.json().message]).toEqual([
      409,
      REQUEST_REFUSAL_MESSAGES.handoverCodeLocked,
    ]);
    expect(locked.json().reason).toBe('handoverCodeLocked');
    expect((await view(id, requester.h)).handoverLocked).toBe(true);
    expect((await view(id, requester.h)).status).toBe('accepted');

    const confirmed = await put(`/requests/${id}/confirm-receipt`, requester.h);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().request.status).toBe('completed');
  });

  it('15 parallel wrong guesses are compared at most 5 times, and the right code is refused afterwards', async () => {
    const { requester, deliverer, id } = await accepted();
    const code = (await view(id, requester.h)).handoverCode!;
    const guesses = await Promise.all(
      Array.from({ length: 15 }, () =>
        put(`/requests/${id}/deliver`, deliverer.h, { handoverCode: other(code) }),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(HANDOVER_CODE.maxAttempts);
    expect(statuses.every((s) => s === 400 || s === 409)).toBe(true);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.handoverAttempts).toBe(HANDOVER_CODE.maxAttempts);
    expect((await put(`/requests/${id}/deliver`, deliverer.h, { handoverCode: code })).statusCode).toBe(409);
  });

  it('a delivery given up and taken again gets a new code; the old one no longer works', async () => {
    const { requester, deliverer, id } = await accepted();
    const first = (await view(id, requester.h)).handoverCode!;
    expect((await put(`/requests/${id}/cancel-delivery`, deliverer.h)).statusCode).toBe(200);
    expect((await view(id, requester.h)).handoverCode).toBeNull();
    const next = await person('dayscholar');
    expect((await put(`/requests/${id}/accept`, next.h)).statusCode).toBe(200);
    const second = (await view(id, requester.h)).handoverCode!;
    expect(second).toMatch(/^\d{4}$/);
    // Checked against the new delivery's hash: the first code is right only by a 1 in 10,000 chance.
    if (second !== first) {
      const old = await put(`/requests/${id}/deliver`, next.h, { handoverCode: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await put(`/requests/${id}/deliver`, next.h, { handoverCode: second })).statusCode).toBe(200);
  });

  it('completes only with the code checked in the same statement: no accept or give-up in between slips one through', async () => {
    const { requester, deliverer, id } = await accepted();
    const code = (await view(id, requester.h)).handoverCode!;
    // The completion itself refuses without the checked hash (what a check that saw the request
    // still pending, or given up, would hand it), and with a hash of another code.
    expect(
      await markCompleted(t.db, id, deliverer.id, { notes: null, actualItemCost: null }, null),
    ).toBeUndefined();
    expect(
      await markCompleted(t.db, id, deliverer.id, { notes: null, actualItemCost: null }, 'f'.repeat(64)),
    ).toBeUndefined();
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.status).toBe('accepted');
    expect((await put(`/requests/${id}/deliver`, deliverer.h, { handoverCode: code })).statusCode).toBe(200);
  });

  it('pushes the request with the code to the requester only', async () => {
    const requester = await person('hosteller');
    const deliverer = await person('dayscholar');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: requester.h,
      payload: {
        itemName: 'Charger',
        expectedPrice: 60,
        deadline: new Date(Date.now() + 3600_000).toISOString(),
        deliveryLocation: 'Library',
        handoverCode: true,
      },
    });
    const id = created.json<{ request: DeliveryRequest }>().request.id;
    const socketOf = (token: string) => {
      const s: Client = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      sockets.push(s);
      return s;
    };
    const next = (s: Client) =>
      new Promise<DeliveryRequest>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no request:updated')), 3000);
        s.once('request:updated', ({ request }) => {
          clearTimeout(timer);
          resolve(request);
        });
      });
    const rs = socketOf(requester.token);
    const ds = socketOf(deliverer.token);
    await Promise.all([rs, ds].map((s) => new Promise((r) => s.once('connect', () => r(null)))));
    const toRequester = next(rs);
    const toDeliverer = next(ds);
    expect((await put(`/requests/${id}/accept`, deliverer.h)).statusCode).toBe(200);
    expect((await toRequester).handoverCode).toMatch(/^\d{4}$/);
    expect((await toDeliverer).handoverCode).toBeNull();
  });
});

describe("handover tries over the request's whole life", () => {
  const giveUp = (id: string, h: Headers) => put(`/requests/${id}/cancel-delivery`, h);
  const accept = (id: string, h: Headers) => put(`/requests/${id}/accept`, h);
  const deliver = (id: string, h: Headers, handoverCode: string) =>
    put(`/requests/${id}/deliver`, h, { handoverCode });
  const socketOf = async (token: string) => {
    const s: Client = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(s);
    await new Promise((resolve) => s.once('connect', () => resolve(null)));
    return s;
  };

  it('60 give-up and re-accept cycles with wrong codes are refused after 5 wrong tries in total', async () => {
    const { requester, deliverer, id } = await accepted();
    // Each day scholar may give the request up twice, so 30 of them share the 60 deliveries.
    const scholars = [
      deliverer,
      ...(await Promise.all(Array.from({ length: 29 }, () => person('dayscholar')))),
    ];
    const answers: { status: number; message: string }[] = [];
    for (let cycle = 0; cycle < 60; cycle++) {
      const scholar = scholars[Math.floor(cycle / 2)]!;
      if (cycle > 0) expect((await accept(id, scholar.h)).statusCode).toBe(200);
      const code = (await view(id, requester.h)).handoverCode!;
      for (let guess = 1; guess <= 5; guess++) {
        const res = await deliver(
          id,
          scholar.h,
          ((Number(code) + guess) % 10_000).toString().padStart(4, '0'),
        );
        answers.push({ status: res.statusCode, message: res.json<{ message: string }>().message });
      }
      expect((await giveUp(id, scholar.h)).statusCode).toBe(200);
    }
    expect(answers).toHaveLength(300);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(HANDOVER_CODE.maxAttempts);
    expect(answers.slice(HANDOVER_CODE.maxAttempts)).toEqual(
      Array.from({ length: 300 - HANDOVER_CODE.maxAttempts }, () => ({
        status: 409,
        message: REQUEST_REFUSAL_MESSAGES.handoverCodeLocked,
      })),
    );
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.handoverAttempts).toBe(HANDOVER_CODE.maxAttempts);

    // Even the right code of a new delivery is refused; the requester's confirmation completes it.
    const last = await person('dayscholar');
    expect((await accept(id, last.h)).statusCode).toBe(200);
    const code = (await view(id, requester.h)).handoverCode!;
    const right = await deliver(id, last.h, code);
    expect([right.statusCode, right.json().message]).toEqual([
      409,
      REQUEST_REFUSAL_MESSAGES.handoverCodeLocked,
    ]);
    expect((await put(`/requests/${id}/confirm-receipt`, requester.h)).json().request.status).toBe(
      'completed',
    );
  });

  it('a day scholar who gave the request up twice is refused on a third accept, and no longer sees it', async () => {
    const { requester, deliverer, id } = await accepted();
    expect((await giveUp(id, deliverer.h)).statusCode).toBe(200);
    // Once is forgiven.
    expect((await view(id, deliverer.h)).can.accept).toBe(true);
    expect((await accept(id, deliverer.h)).statusCode).toBe(200);
    const second = await giveUp(id, deliverer.h);
    expect(second.statusCode).toBe(200);
    expect(second.json().request.can.accept).toBe(false);

    const third = await accept(id, deliverer.h);
    expect([third.statusCode, third.json().message]).toEqual([
      403,
      'You gave this request up twice, so you cannot accept it again',
    ]);
    expect((await view(id, deliverer.h)).can.accept).toBe(false);
    const availableTo = async (h: Headers) =>
      (await get('/dayscholar/requests/available?limit=100', h))
        .json<{ requests: DeliveryRequest[] }>()
        .requests.map((r) => r.id);
    expect(await availableTo(deliverer.h)).not.toContain(id);
    const next = await person('dayscholar');
    expect(await availableTo(next.h)).toContain(id);
    // Who gave it up is nobody else's business.
    expect((await get(`/requests/${id}`, next.h)).body).not.toContain(deliverer.id);
    expect((await get(`/requests/${id}`, requester.h)).body).not.toContain(deliverer.id);
    // The day scholar's count of available requests follows the same rule.
    const countFor = async (h: Headers) =>
      (await get('/dayscholar/stats', h)).json<{ stats: { availableRequests: number } }>().stats
        .availableRequests;
    expect(await countFor(deliverer.h)).toBe((await countFor(next.h)) - 1);

    // When it comes back to the list later, its live arrival skips them too.
    expect((await accept(id, next.h)).statusCode).toBe(200);
    const barredSocket = await socketOf(deliverer.token);
    const other = await person('dayscholar');
    const otherSocket = await socketOf(other.token);
    const barredHeard: DeliveryRequest[] = [];
    barredSocket.on('request:available', ({ request }) => barredHeard.push(request));
    const otherHears = new Promise<DeliveryRequest>((resolve) =>
      otherSocket.once('request:available', ({ request }) => resolve(request)),
    );
    expect((await giveUp(id, next.h)).statusCode).toBe(200);
    expect((await otherHears).id).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(barredHeard).toEqual([]);
    expect((await accept(id, deliverer.h)).statusCode).toBe(403);
    expect((await accept(id, other.h)).statusCode).toBe(200);
    expect((await view(id, requester.h)).deliverer?.id).toBe(other.id);
  });

  it('after the lock, a new deliverer cannot complete with the right code; the requester confirms receipt', async () => {
    const { requester, deliverer, id } = await accepted();
    const first = (await view(id, requester.h)).handoverCode!;
    for (let i = 0; i < HANDOVER_CODE.maxAttempts; i++)
      expect((await deliver(id, deliverer.h, other(first))).statusCode).toBe(400);
    expect((await giveUp(id, deliverer.h)).statusCode).toBe(200);
    const next = await person('dayscholar');
    const taken = await accept(id, next.h);
    expect(taken.statusCode).toBe(200);
    // Their view says so at once: no completion for them, and the code is locked.
    expect(taken.json().request).toMatchObject({ handoverLocked: true, can: { complete: false } });
    // The give-up cleared the first deliverer's pickup: nothing to confirm until the new one acts.
    const mine = await view(id, requester.h);
    expect(mine).toMatchObject({ handoverLocked: true, pickedUpAt: null, can: { confirmReceipt: false } });
    const right = await deliver(id, next.h, mine.handoverCode!);
    expect([right.statusCode, right.json().message]).toEqual([
      409,
      REQUEST_REFUSAL_MESSAGES.handoverCodeLocked,
    ]);
    // Typing the code at the handover is their act even though it is locked.
    expect((await view(id, requester.h)).can.confirmReceipt).toBe(true);

    const confirmed = await put(`/requests/${id}/confirm-receipt`, requester.h);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().request).toMatchObject({ status: 'completed', delivererId: next.id });
    expect((await view(id, next.h)).can.rate).toBe(true);
  });

  it("concurrent wrong guesses each count toward the request's 5 tries, across deliveries", async () => {
    const { requester, deliverer, id } = await accepted();
    const code = (await view(id, requester.h)).handoverCode!;
    const both = await Promise.all([
      deliver(id, deliverer.h, other(code)),
      deliver(id, deliverer.h, other(code)),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([400, 400]);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.handoverAttempts).toBe(2);

    expect((await giveUp(id, deliverer.h)).statusCode).toBe(200);
    const next = await person('dayscholar');
    expect((await accept(id, next.h)).statusCode).toBe(200);
    const again = (await view(id, requester.h)).handoverCode!;
    const three = await Promise.all(Array.from({ length: 3 }, () => deliver(id, next.h, other(again))));
    expect(three.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    // Counted one by one: each parallel guess is told a different number of tries left.
    expect(three.map((r) => r.json<{ message: string }>().message).sort()).toEqual([
      'That code is not right, and no tries are left. Ask the requester to confirm receipt.',
      'That code is not right. 1 try left.',
      'That code is not right. 2 tries left.',
    ]);
    const locked = await deliver(id, next.h, again);
    expect([locked.statusCode, locked.json().message]).toEqual([
      409,
      REQUEST_REFUSAL_MESSAGES.handoverCodeLocked,
    ]);
  });
});

describe('confirm receipt', () => {
  it('completes as the deliverer would: the same notice to the deliverer, and both may rate', async () => {
    const { requester, deliverer, id } = await accepted({ handoverCode: false });
    expect((await put(`/requests/${id}/picked-up`, deliverer.h)).statusCode).toBe(200);
    const before = await t.db.select().from(notifications).where(eq(notifications.userId, requester.id));
    const res = await put(`/requests/${id}/confirm-receipt`, requester.h);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      status: 'completed',
      can: { rate: true, confirmReceipt: false },
    });
    expect(res.json().request.completedAt).not.toBeNull();
    const after = await t.db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(after.length).toBe(before.length + 1);
    expect(after.some((n) => n.type === 'request_completed')).toBe(true);
    expect((await view(id, deliverer.h)).can.rate).toBe(true);
    const rating = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: deliverer.h,
      payload: { requestId: id, rating: 5, userId: requester.id, ratingType: 'dayscholar_to_hosteller' },
    });
    expect(rating.statusCode).toBe(201);
  });

  it('authorization: only the requester, only while accepted', async () => {
    const { requester, deliverer, id } = await accepted();
    const otherHosteller = await person('hosteller');
    const forbidden = await put(`/requests/${id}/confirm-receipt`, otherHosteller.h);
    expect([forbidden.statusCode, forbidden.json().message]).toEqual([
      403,
      'Only the hosteller who posted this request can confirm receipt',
    ]);
    expect((await put(`/requests/${id}/confirm-receipt`, deliverer.h)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/requests/${id}/confirm-receipt` })).statusCode,
    ).toBe(401);
    const early = await put(`/requests/${id}/confirm-receipt`, requester.h);
    expect([early.statusCode, early.json().reason]).toEqual([409, 'notPickedUp']);
    expect((await put(`/requests/${id}/picked-up`, deliverer.h)).statusCode).toBe(200);
    expect((await put(`/requests/${id}/confirm-receipt`, requester.h)).statusCode).toBe(200);
    const again = await put(`/requests/${id}/confirm-receipt`, requester.h);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This request has already been completed',
    ]);

    const pending = await (async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/requests',
        headers: requester.h,
        payload: {
          itemName: 'Soap',
          expectedPrice: 30,
          deadline: new Date(Date.now() + 3600_000).toISOString(),
          deliveryLocation: 'Gate',
        },
      });
      return res.json<{ request: DeliveryRequest }>().request;
    })();
    expect(pending.can.confirmReceipt).toBe(false);
    const notYet = await put(`/requests/${pending.id}/confirm-receipt`, requester.h);
    expect([notYet.statusCode, notYet.json().message]).toEqual([
      409,
      'This request has not been accepted yet',
    ]);
    expect(
      (await put('/requests/00000000-0000-4000-8000-000000000000/confirm-receipt', requester.h)).statusCode,
    ).toBe(404);
  });
});

describe('sealing', () => {
  it('opens only with the same secret; the hash matches only the code', () => {
    const codes = createHandoverCodes(['a'.repeat(40)]);
    const { code, hash, sealed } = codes.draw();
    expect(code).toMatch(/^\d{4}$/);
    expect(codes.reveal(sealed)).toBe(code);
    expect(codes.matches(hash, code)).toBe(true);
    expect(codes.matches(hash, other(code))).toBe(false);
    expect(createHandoverCodes(['b'.repeat(40)]).reveal(sealed)).toBeNull();
    expect(codes.reveal('not-a-sealed-value')).toBeNull();
    // Each seal is different even for the same code (a fresh IV).
    expect(codes.draw().sealed).not.toBe(sealed);
  });

  it('keeps a code drawn before the keys rotated: it opens and matches with the older key listed', () => {
    const [current, older] = ['c'.repeat(40), 'o'.repeat(40)];
    // Drawn with one key, as before the rotation: the keys are those every earlier code was made with.
    const before = createHandoverCodes([older]).draw();
    const legacyKey = (info: string) => Buffer.from(hkdfSync('sha256', older, 'campusrun', info, 32));
    expect(createHmac('sha256', legacyKey('handover-code-hash')).update(before.code).digest('hex')).toBe(
      before.hash,
    );

    const rotated = createHandoverCodes([current, older]);
    expect(rotated.reveal(before.sealed)).toBe(before.code);
    expect(rotated.matches(before.hash, before.code)).toBe(true);
    expect(rotated.matches(before.hash, other(before.code))).toBe(false);
    // New codes are made with the current key; once the older key is removed, its codes are void.
    const after = rotated.draw();
    expect(createHandoverCodes([current]).reveal(after.sealed)).toBe(after.code);
    expect(createHandoverCodes([current]).reveal(before.sealed)).toBeNull();
    expect(createHandoverCodes([current]).matches(before.hash, before.code)).toBe(false);
  });
});
