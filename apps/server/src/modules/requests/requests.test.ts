import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { notifications, requests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers, ...(payload ? { payload } : {}) });
const post = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

const inHours = (h: number) => new Date(Date.now() + h * 3600_000);

async function hosteller(name = 'Hema Hosteller') {
  const user = await createUser(t.db, { role: 'hosteller', name });
  return { ...user, h: await authAs(t, user) };
}
async function dayScholar(name = 'Dev Dayscholar') {
  const user = await createUser(t.db, { role: 'dayscholar', name });
  return { ...user, h: await authAs(t, user) };
}

const notificationsOf = (userId: string) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId));

const validBody = () => ({
  itemName: 'Paracetamol',
  description: '500 mg, one strip',
  quantity: 2,
  expectedPrice: 49.5,
  deadline: inHours(3).toISOString(),
  deliveryLocation: 'Block B, room 12',
  isUrgent: true,
  category: 'medicines',
});

describe('POST /requests', () => {
  it('the same post sent again (one client id) is one request; another member’s same id is theirs', async () => {
    const me = await hosteller();
    const clientId = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const first = await post('/api/requests', me.h, { ...validBody(), clientId });
    expect(first.statusCode).toBe(201);
    // The answer was lost on the way; the phone sends the same post again.
    const again = await post('/api/requests', me.h, { ...validBody(), clientId, itemName: 'Changed' });
    expect(again.statusCode).toBe(201);
    expect(again.json().request).toMatchObject({ id: first.json().request.id, itemName: 'Paracetamol' });
    const mine = await t.db.select().from(requests).where(eq(requests.requesterId, me.id));
    expect(mine).toHaveLength(1);
    // Someone else cannot reach that request by sending its client id: theirs is a request of their own.
    const other = await hosteller('Other Hosteller');
    const theirs = await post('/api/requests', other.h, { ...validBody(), clientId });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().request.id).not.toBe(first.json().request.id);
    expect(theirs.json().request.requesterId).toBe(other.id);
    // A new client id is a new request; a malformed one is refused.
    const next = await post('/api/requests', me.h, { ...validBody(), clientId: crypto.randomUUID() });
    expect(next.json().request.id).not.toBe(first.json().request.id);
    expect((await post('/api/requests', me.h, { ...validBody(), clientId: 'not-a-uuid' })).statusCode).toBe(
      400,
    );
  });

  it('creates a pending request and answers it in the API shape (rupees, ISO times, display number)', async () => {
    const me = await hosteller();
    const body = validBody();
    const res = await post('/api/requests', me.h, body);
    expect(res.statusCode).toBe(201);
    const { request } = res.json();
    expect(request).toEqual({
      id: expect.any(String),
      number: expect.any(Number),
      requesterId: me.id,
      requester: { id: me.id, name: 'Hema Hosteller', avatar: null },
      delivererId: null,
      deliverer: null,
      itemName: 'Paracetamol',
      description: '500 mg, one strip',
      quantity: 2,
      expectedPrice: 49.5,
      itemCost: null,
      actualItemCost: null,
      pickupFrom: null,
      tripId: null,
      runId: null,
      deadline: body.deadline,
      deliveryLocation: 'Block B, room 12',
      isUrgent: true,
      category: 'medicines',
      status: 'pending',
      deliveryNotes: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      acceptedAt: null,
      pickedUpAt: null,
      onTheWayAt: null,
      arrivalEta: null,
      deliveryTime: null,
      completedAt: null,
      cancelledAt: null,
      contact: null,
      handoverRequired: false,
      handoverCode: null,
      handoverLocked: false,
      viewerHasRated: false,
      viewerRating: null,
      isExpired: false,
      // Nobody to chat with or rate yet; the requester may cancel it.
      counterpart: null,
      ratingType: 'hosteller_to_dayscholar',
      can: {
        accept: false,
        complete: false,
        cancel: true,
        cancelDelivery: false,
        pickUp: false,
        onTheWay: false,
        rate: false,
        chat: false,
        repost: false,
        confirmReceipt: false,
        report: false,
      },
    });
    const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row!.expectedPrice).toBe(4950);
  });

  it('applies the defaults: quantity 1, category other, not urgent, empty description', async () => {
    const me = await hosteller();
    const res = await post('/api/requests', me.h, {
      itemName: 'Bread',
      expectedPrice: '30',
      deadline: inHours(1).toISOString(),
      deliveryLocation: 'Gate',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({
      quantity: 1,
      category: 'other',
      isUrgent: false,
      description: '',
      expectedPrice: 30,
    });
  });

  it('gives the numbers in sequence', async () => {
    const me = await hosteller();
    const a = (await post('/api/requests', me.h, validBody())).json().request.number;
    const b = (await post('/api/requests', me.h, validBody())).json().request.number;
    expect(b).toBeGreaterThan(a);
  });

  it('checks the required fields in the order the form checks them, one message at a time', async () => {
    const me = await hosteller();
    const steps: Array<[object, string]> = [
      [{}, 'Please enter an item name'],
      [{ itemName: 'Milk' }, 'Please enter an expected price'],
      [{ itemName: 'Milk', expectedPrice: 20 }, 'Please enter a deadline'],
      [
        { itemName: 'Milk', expectedPrice: 20, deadline: inHours(1).toISOString() },
        'Please enter a delivery location',
      ],
    ];
    for (const [body, message] of steps) {
      const res = await post('/api/requests', me.h, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const all = await post('/api/requests', me.h, { itemName: '  ', expectedPrice: '', deadline: '' });
    expect(all.json().errors.map((e: { msg: string }) => e.msg)).toEqual([
      'Please enter an item name',
      'Please enter an expected price',
      'Please enter a deadline',
      'Please enter a delivery location',
    ]);
  });

  it.each([
    [{ quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
    [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ expectedPrice: 0.5 }, 'expectedPrice', 'Expected price must be at least ₹1'],
    [{ expectedPrice: -10 }, 'expectedPrice', 'Expected price must be at least ₹1'],
    [{ expectedPrice: 10.005 }, 'expectedPrice', 'Expected price can have at most 2 decimal places'],
    [{ expectedPrice: 'ten' }, 'expectedPrice', 'Please enter a valid price'],
    [{ deadline: new Date(Date.now() - 60_000).toISOString() }, 'deadline', 'Deadline must be in the future'],
    [{ deadline: 'next friday' }, 'deadline', 'Please enter a valid deadline'],
    [{ itemName: 'x'.repeat(121) }, 'itemName', 'Item name must be at most 120 characters'],
    [{ description: 'x'.repeat(1001) }, 'description', 'Description must be at most 1000 characters'],
    [
      { category: 'weapons' },
      'category',
      'Category must be one of groceries, medicines, stationery, food, other',
    ],
  ])('refuses %j with the field error', async (patch, param, msg) => {
    const me = await hosteller();
    const res = await post('/api/requests', me.h, { ...validBody(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ param, msg }]);
  });

  it('never answers 500 to odd bodies', async () => {
    const me = await hosteller();
    for (const payload of ['[]', 'null', '"text"', '{"itemName": {"$gt": ""}}', '{"quantity": 1e309}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/requests',
        headers: { ...me.h, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /requests/{id}', () => {
  it("answers 404 'Request not found' for an unknown or malformed id", async () => {
    const me = await hosteller();
    for (const id of ['7d1b6b52-95f5-4a43-9a39-0a4f1d3f1b7e', 'not-a-uuid', '1']) {
      const res = await get(`/api/requests/${id}`, me.h);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Request not found', code: 'NOT_FOUND', reason: 'notFound' });
    }
  });

  it("shows the requester's phone and room to the deliverer only, and only while accepted", async () => {
    const owner = await hosteller();
    const deliverer = await dayScholar();
    const other = await dayScholar('Other');
    const stranger = await hosteller('Stranger');
    const request = await createRequest(t.db, { requester: owner, deliverer, status: 'accepted' });
    const contactFor = async (h: Headers) =>
      (await get(`/api/requests/${request.id}`, h)).json().request.contact;

    expect(await contactFor(deliverer.h)).toEqual({
      phoneNumber: '9876543210',
      hostelBlock: 'Block A',
      roomNumber: '101',
    });
    expect(await contactFor(owner.h)).toBeNull();
    expect(await contactFor(other.h)).toBeNull();
    expect(await contactFor(stranger.h)).toBeNull();

    await t.db.update(requests).set({ status: 'completed' }).where(eq(requests.id, request.id));
    expect(await contactFor(deliverer.h)).toBeNull();
  });

  it('closed requests readable by anyone signed in: once completed or cancelled, only the requester and the deliverer see it', async () => {
    const owner = await hosteller();
    const deliverer = await dayScholar();
    const strangers = { hosteller: await hosteller('Stranger'), dayScholar: await dayScholar('Other') };
    const status = async (id: string, h: Headers) => {
      const res = await get(`/api/requests/${id}`, h);
      return res.statusCode === 404 ? res.json() : res.statusCode;
    };
    const hidden = { message: 'Request not found', code: 'NOT_FOUND', reason: 'notFound' };

    // Open: every signed-in user may look (day scholars choose what to accept).
    const request = await createRequest(t.db, {
      requester: owner,
      description: 'Blue strip, not the red one',
    });
    expect((await put(`/api/requests/${request.id}/accept`, deliverer.h)).statusCode).toBe(200);
    for (const who of [owner, deliverer, strangers.hosteller, strangers.dayScholar])
      expect(await status(request.id, who.h)).toBe(200);

    // Completed with notes: the two parties only; anyone else gets the same 404 as an unknown id.
    const done = await put(`/api/requests/${request.id}/deliver`, deliverer.h, {
      deliveryNotes: 'Gave it to the warden',
    });
    expect(done.statusCode).toBe(200);
    expect(await status(request.id, owner.h)).toBe(200);
    expect(await status(request.id, deliverer.h)).toBe(200);
    for (const who of Object.values(strangers)) expect(await status(request.id, who.h)).toEqual(hidden);

    // Cancelled after a day scholar had accepted it: the requester and that day scholar.
    const accepted = await createRequest(t.db, { requester: owner, deliverer, status: 'accepted' });
    expect((await put(`/api/requests/${accepted.id}/cancel`, owner.h)).statusCode).toBe(200);
    expect(await status(accepted.id, owner.h)).toBe(200);
    expect(await status(accepted.id, deliverer.h)).toBe(200);
    for (const who of Object.values(strangers)) expect(await status(accepted.id, who.h)).toEqual(hidden);

    // Cancelled while pending, after a day scholar gave the delivery up: the requester alone.
    const givenUp = await createRequest(t.db, { requester: owner });
    expect((await put(`/api/requests/${givenUp.id}/accept`, deliverer.h)).statusCode).toBe(200);
    expect((await put(`/api/requests/${givenUp.id}/cancel-delivery`, deliverer.h)).statusCode).toBe(200);
    expect((await put(`/api/requests/${givenUp.id}/cancel`, owner.h)).statusCode).toBe(200);
    expect(await status(givenUp.id, owner.h)).toBe(200);
    for (const who of [deliverer, ...Object.values(strangers)])
      expect(await status(givenUp.id, who.h)).toEqual(hidden);
  });

  it('never includes e-mail addresses, phone numbers or rooms outside the contact object', async () => {
    const owner = await hosteller();
    const deliverer = await dayScholar();
    const request = await createRequest(t.db, { requester: owner, deliverer, status: 'completed' });
    for (const h of [owner.h, deliverer.h]) {
      const body = (await get(`/api/requests/${request.id}`, h)).body;
      expect(body).not.toContain(owner.email);
      expect(body).not.toContain(deliverer.email);
      expect(body).not.toContain('9876543210');
      expect(body).not.toMatch(/passwordHash|tokenVersion|argon2/);
    }
  });
});

describe('my requests, my deliveries and the dashboard lists', () => {
  it('lists only my requests, newest first, with the status filter', async () => {
    const me = await hosteller();
    const other = await hosteller();
    const ds = await dayScholar();
    const at = (m: number) => new Date(Date.now() - m * 60_000);
    const pending = await createRequest(t.db, { requester: me, createdAt: at(4) });
    const accepted = await createRequest(t.db, {
      requester: me,
      deliverer: ds,
      status: 'accepted',
      createdAt: at(3),
    });
    const completed = await createRequest(t.db, {
      requester: me,
      deliverer: ds,
      status: 'completed',
      createdAt: at(2),
    });
    const cancelled = await createRequest(t.db, { requester: me, status: 'cancelled', createdAt: at(1) });
    await createRequest(t.db, { requester: other });

    const ids = async (query: string) =>
      (await get(`/api/requests/my-requests${query}`, me.h)).json().requests.map((r: { id: string }) => r.id);
    expect(await ids('')).toEqual([cancelled.id, completed.id, accepted.id, pending.id]);
    expect(await ids('?status=all')).toEqual([cancelled.id, completed.id, accepted.id, pending.id]);
    expect(await ids('?status=pending')).toEqual([pending.id]);
    expect(await ids('?status=accepted')).toEqual([accepted.id]);
    expect(await ids('?status=completed')).toEqual([completed.id]);
    expect(await ids('?status=cancelled')).toEqual([cancelled.id]);

    const withDeliverer = (await get('/api/requests/my-requests?status=accepted', me.h)).json().requests[0];
    expect(withDeliverer.deliverer).toEqual({ id: ds.id, name: 'Dev Dayscholar', avatar: null });
    const bad = await get('/api/requests/my-requests?status=lost', me.h);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ param: 'status', msg: 'Unknown status' }]);
  });

  it('pages through my requests with the cursor', async () => {
    const me = await hosteller();
    const sameTime = new Date(Date.now() - 60_000);
    for (let i = 0; i < 5; i++) await createRequest(t.db, { requester: me, createdAt: sameTime });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/api/requests/my-requests?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        me.h,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { requests: { id: string }[]; nextCursor: string | null };
      seen.push(...body.requests.map((r) => r.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
  });

  it("lists the day scholar's deliveries with the tab filters; active deliveries for the dashboard", async () => {
    const owner = await hosteller();
    const me = await dayScholar();
    const other = await dayScholar();
    const accepted = await createRequest(t.db, { requester: owner, deliverer: me, status: 'accepted' });
    const completed = await createRequest(t.db, { requester: owner, deliverer: me, status: 'completed' });
    const cancelled = await createRequest(t.db, { requester: owner, deliverer: me, status: 'cancelled' });
    await createRequest(t.db, { requester: owner, deliverer: other, status: 'accepted' });
    await createRequest(t.db, { requester: owner });

    const ids = async (url: string) =>
      new Set((await get(url, me.h)).json().deliveries.map((r: { id: string }) => r.id));
    expect(await ids('/api/requests/my-deliveries')).toEqual(
      new Set([accepted.id, completed.id, cancelled.id]),
    );
    expect(await ids('/api/requests/my-deliveries?status=active')).toEqual(new Set([accepted.id]));
    expect(await ids('/api/requests/my-deliveries?status=completed')).toEqual(new Set([completed.id]));
    expect(await ids('/api/requests/my-deliveries?status=cancelled')).toEqual(new Set([cancelled.id]));
    expect(await ids('/api/dayscholar/deliveries/active')).toEqual(new Set([accepted.id]));

    const active = (await get('/api/dayscholar/deliveries/active?limit=5', me.h)).json();
    expect(active.nextCursor).toBeNull();
    expect(active.deliveries[0].contact).toEqual({
      phoneNumber: '9876543210',
      hostelBlock: 'Block A',
      roomNumber: '101',
    });
  });

  it("gives the hosteller's recent requests, 5 by default", async () => {
    const me = await hosteller();
    for (let i = 0; i < 7; i++)
      await createRequest(t.db, {
        requester: me,
        itemName: `Item ${i}`,
        createdAt: new Date(Date.now() - (7 - i) * 1000),
      });
    const res = await get('/api/hosteller/requests/recent', me.h);
    expect(res.json().requests.map((r: { itemName: string }) => r.itemName)).toEqual([
      'Item 6',
      'Item 5',
      'Item 4',
      'Item 3',
      'Item 2',
    ]);
    expect((await get('/api/hosteller/requests/recent?limit=2', me.h)).json().requests).toHaveLength(2);
    expect((await get('/api/hosteller/requests/recent?limit=21', me.h)).statusCode).toBe(400);
  });
});

describe('transitions', () => {
  it('accept: assigns the day scholar, shows the contact, and notifies the requester', async () => {
    const owner = await hosteller();
    const ds = await dayScholar('Ravi Kumar');
    const request = await createRequest(t.db, { requester: owner, itemName: 'Bananas' });
    const res = await put(`/api/requests/${request.id}/accept`, ds.h);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      status: 'accepted',
      delivererId: ds.id,
      deliverer: { id: ds.id, name: 'Ravi Kumar', avatar: null },
      acceptedAt: expect.any(String),
      contact: { phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
    });
    expect(await notificationsOf(owner.id)).toEqual([
      expect.objectContaining({
        type: 'request_accepted',
        message: 'Ravi Kumar accepted your request for Bananas',
        data: { requestId: request.id },
        isRead: false,
      }),
    ]);
  });

  it('accept: refuses a request past its deadline and a day scholar accepting their own request', async () => {
    const owner = await hosteller();
    const ds = await dayScholar();
    const late = await createRequest(t.db, { requester: owner, deadline: new Date(Date.now() - 1000) });
    const lateRes = await put(`/api/requests/${late.id}/accept`, ds.h);
    expect(lateRes.statusCode).toBe(409);
    expect(lateRes.json().message).toBe('The deadline for this request has passed');

    const own = await createRequest(t.db, { requester: ds });
    const ownRes = await put(`/api/requests/${own.id}/accept`, ds.h);
    expect(ownRes.statusCode).toBe(403);
    expect(ownRes.json().message).toBe('You cannot accept your own request');
  });

  it('accept: tells the second day scholar that someone else took it', async () => {
    const owner = await hosteller();
    const first = await dayScholar();
    const second = await dayScholar();
    const request = await createRequest(t.db, { requester: owner });
    expect((await put(`/api/requests/${request.id}/accept`, first.h)).statusCode).toBe(200);
    const res = await put(`/api/requests/${request.id}/accept`, second.h);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This request has already been accepted by another day scholar',
      code: 'CONFLICT',
      reason: 'taken',
    });
    const again = await put(`/api/requests/${request.id}/accept`, first.h);
    expect(again.json().message).toBe('You have already accepted this request');
  });

  it('20 concurrent accepts by 20 day scholars: exactly one wins, the rest get 409, one deliverer', async () => {
    const owner = await hosteller();
    const request = await createRequest(t.db, { requester: owner });
    const scholars = await Promise.all(Array.from({ length: 20 }, (_, i) => dayScholar(`Scholar ${i}`)));
    const results = await Promise.all(scholars.map((s) => put(`/api/requests/${request.id}/accept`, s.h)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = scholars[codes.indexOf(200)]!;
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('This request has already been accepted by another day scholar');
    const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row).toMatchObject({ status: 'accepted', delivererId: winner.id });
    expect(await notificationsOf(owner.id)).toHaveLength(1);
  });

  it('delivery hoarding: a day scholar holding 3 active deliveries gets a clear 409 for a 4th until one is done', async () => {
    const owner = await hosteller();
    const ds = await dayScholar();
    const open = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createRequest(t.db, { requester: owner, itemName: `Item ${i}` })),
    );
    for (const r of open.slice(0, 3))
      expect((await put(`/api/requests/${r.id}/accept`, ds.h)).statusCode).toBe(200);

    const fourth = await put(`/api/requests/${open[3]!.id}/accept`, ds.h);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      message: 'You already have 3 active deliveries. Complete one before accepting another.',
      code: 'CONFLICT',
      reason: 'tooManyActive',
    });
    // Still open for everyone else, and nobody was told it was accepted.
    const [row] = await t.db.select().from(requests).where(eq(requests.id, open[3]!.id));
    expect(row).toMatchObject({ status: 'pending', delivererId: null });
    expect((await put(`/api/requests/${open[3]!.id}/accept`, (await dayScholar()).h)).statusCode).toBe(200);

    // Completing one delivery, or giving one up, frees a place.
    expect((await put(`/api/requests/${open[0]!.id}/deliver`, ds.h)).statusCode).toBe(200);
    expect((await put(`/api/requests/${open[4]!.id}/accept`, ds.h)).statusCode).toBe(200);
    const another = await createRequest(t.db, { requester: owner });
    expect((await put(`/api/requests/${another.id}/accept`, ds.h)).statusCode).toBe(409);
    expect((await put(`/api/requests/${open[1]!.id}/cancel-delivery`, ds.h)).statusCode).toBe(200);
    expect((await put(`/api/requests/${another.id}/accept`, ds.h)).statusCode).toBe(200);

    // The request's own state still comes first: a taken request says so, whatever the count.
    const taken = await put(`/api/requests/${open[3]!.id}/accept`, ds.h);
    expect(taken.json().message).toBe('This request has already been accepted by another day scholar');
  });

  it('delivery hoarding: 8 parallel accepts by one day scholar never exceed the limit of 3', async () => {
    const owner = await hosteller();
    const ds = await dayScholar();
    const open = await Promise.all(
      Array.from({ length: 8 }, () => createRequest(t.db, { requester: owner })),
    );
    const results = await Promise.all(open.map((r) => put(`/api/requests/${r.id}/accept`, ds.h)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(
        'You already have 3 active deliveries. Complete one before accepting another.',
      );
    const held = await t.db
      .select()
      .from(requests)
      .where(and(eq(requests.delivererId, ds.id), eq(requests.status, 'accepted')));
    expect(held).toHaveLength(3);
    expect(await notificationsOf(owner.id)).toHaveLength(3);
  });

  it('delivery hoarding: MAX_ACTIVE_DELIVERIES sets the limit (3 when unset)', async () => {
    const env = { JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' };
    expect(loadConfig(env).maxActiveDeliveries).toBe(3);
    expect(loadConfig({ ...env, MAX_ACTIVE_DELIVERIES: '1' }).maxActiveDeliveries).toBe(1);
    expect(() => loadConfig({ ...env, MAX_ACTIVE_DELIVERIES: '0' })).toThrow(/MAX_ACTIVE_DELIVERIES/);

    const one = await buildTestApp({ maxActiveDeliveries: 1 });
    try {
      const owner = await createUser(one.db, { role: 'hosteller' });
      const ds = await createUser(one.db, { role: 'dayscholar' });
      const h = await authAs(one, ds);
      const [a, b] = await Promise.all([
        createRequest(one.db, { requester: owner }),
        createRequest(one.db, { requester: owner }),
      ]);
      const accept = (id: string) =>
        one.app.inject({ method: 'PUT', url: `/api/requests/${id}/accept`, headers: h });
      expect((await accept(a.id)).statusCode).toBe(200);
      const refused = await accept(b.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'You already have 1 active delivery. Complete one before accepting another.',
      );
    } finally {
      await one.close();
    }
  });

  it('deliver: completes with the notes and notifies the requester', async () => {
    const owner = await hosteller();
    const ds = await dayScholar('Ravi Kumar');
    const request = await createRequest(t.db, {
      requester: owner,
      deliverer: ds,
      status: 'accepted',
      itemName: 'Oats',
    });
    const res = await put(`/api/requests/${request.id}/deliver`, ds.h, {
      deliveryNotes: '  Left with the warden  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      status: 'completed',
      deliveryNotes: 'Left with the warden',
      completedAt: expect.any(String),
      deliveryTime: expect.any(String),
      contact: null,
    });
    expect(await notificationsOf(owner.id)).toEqual([
      expect.objectContaining({
        type: 'request_completed',
        message: 'Ravi Kumar delivered your request for Oats',
        data: { requestId: request.id },
      }),
    ]);
    const twice = await put(`/api/requests/${request.id}/deliver`, ds.h);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This request has already been completed');
  });

  it('deliver: the notes are optional; no body, an empty JSON body and blank notes all work', async () => {
    const owner = await hosteller();
    const ds = await dayScholar();
    const payloads: Array<{ payload?: string; type?: string }> = [
      {},
      { payload: '', type: 'application/json' },
      { payload: '{"deliveryNotes":"   "}', type: 'application/json' },
    ];
    for (const { payload, type } of payloads) {
      const request = await createRequest(t.db, { requester: owner, deliverer: ds, status: 'accepted' });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/requests/${request.id}/deliver`,
        headers: { ...ds.h, ...(type ? { 'content-type': type } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().request.deliveryNotes).toBeNull();
    }
    const request = await createRequest(t.db, { requester: owner, deliverer: ds, status: 'accepted' });
    const long = await put(`/api/requests/${request.id}/deliver`, ds.h, { deliveryNotes: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { param: 'deliveryNotes', msg: 'Delivery notes must be at most 1000 characters' },
    ]);
  });

  it('cancel: a pending request is cancelled without notifying anyone', async () => {
    const owner = await hosteller();
    const request = await createRequest(t.db, { requester: owner });
    const res = await put(`/api/requests/${request.id}/cancel`, owner.h);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect(await notificationsOf(owner.id)).toEqual([]);
    const again = await put(`/api/requests/${request.id}/cancel`, owner.h);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request has been cancelled');
  });

  it('cancel: an accepted request is cancelled and its deliverer is told; it stays in their cancelled tab', async () => {
    const owner = await hosteller('Asha Rao');
    const ds = await dayScholar();
    const request = await createRequest(t.db, {
      requester: owner,
      deliverer: ds,
      status: 'accepted',
      itemName: 'Eggs',
    });
    const res = await put(`/api/requests/${request.id}/cancel`, owner.h);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'cancelled', delivererId: ds.id });
    expect(await notificationsOf(ds.id)).toEqual([
      expect.objectContaining({
        type: 'request_cancelled',
        message: 'Asha Rao cancelled the request for Eggs',
        data: { requestId: request.id },
      }),
    ]);
    const tab = (await get('/api/requests/my-deliveries?status=cancelled', ds.h)).json().deliveries;
    expect(tab.map((r: { id: string }) => r.id)).toEqual([request.id]);
  });

  it('cancel-delivery: back to pending without a deliverer, requester told, available again', async () => {
    const owner = await hosteller();
    const ds = await dayScholar('Ravi Kumar');
    const next = await dayScholar();
    const request = await createRequest(t.db, {
      requester: owner,
      deliverer: ds,
      status: 'accepted',
      itemName: 'Shampoo',
    });
    const res = await put(`/api/requests/${request.id}/cancel-delivery`, ds.h);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({
      status: 'pending',
      delivererId: null,
      deliverer: null,
      acceptedAt: null,
      contact: null,
    });
    expect(await notificationsOf(owner.id)).toEqual([
      expect.objectContaining({
        type: 'delivery',
        message: 'Ravi Kumar cancelled the delivery of Shampoo. Your request is open again.',
        data: { requestId: request.id },
      }),
    ]);
    const available = (await get('/api/dayscholar/requests/available?limit=100', next.h)).json().requests;
    expect(available.map((r: { id: string }) => r.id)).toContain(request.id);
    expect((await put(`/api/requests/${request.id}/accept`, next.h)).statusCode).toBe(200);
    const gone = await put(`/api/requests/${request.id}/deliver`, ds.h);
    expect(gone.statusCode).toBe(403);
    expect(gone.json().message).toBe('Only the assigned deliverer can complete this request');
  });

  it('transitions on unknown or malformed ids answer 404, never 500', async () => {
    const owner = await hosteller();
    const ds = await dayScholar();
    for (const id of ['0b7d1a6e-1d2c-4b0e-8d7c-3c8a2b1e0f9a', 'nope', "1' or '1'='1"]) {
      for (const [action, h] of [
        ['accept', ds.h],
        ['deliver', ds.h],
        ['cancel', owner.h],
        ['cancel-delivery', ds.h],
      ] as const) {
        const res = await put(`/api/requests/${encodeURIComponent(id)}/${action}`, h);
        expect([action, res.statusCode, res.json().message]).toEqual([action, 404, 'Request not found']);
      }
    }
  });

  it('writes one notification row per event, for the right person only', async () => {
    const owner = await hosteller();
    const ds = await dayScholar();
    const request = await createRequest(t.db, { requester: owner });
    await put(`/api/requests/${request.id}/accept`, ds.h);
    await put(`/api/requests/${request.id}/deliver`, ds.h);
    const rows = await t.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id)));
    expect(rows.map((r) => r.type).sort()).toEqual(['request_accepted', 'request_completed']);
    expect(await notificationsOf(ds.id)).toEqual([]);
  });
});
