import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES, REQUEST_REFUSAL_MESSAGES } from '@campusrun/shared';
import { requests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createRequest, createUser } from '../../test/factories';

/** The fee, the item cost and the pickup place: posted, shown, filtered, receipted, never earned. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function member(role: 'hosteller' | 'dayscholar') {
  const user = await createUser(t.db, { role });
  return { ...user, h: await authAs(t, user) };
}

const body = (extra: object = {}) => ({
  itemName: 'Vegetables',
  expectedPrice: 40,
  deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
  deliveryLocation: 'Block C',
  ...extra,
});

const stored = async (id: string) => (await t.db.select().from(requests).where(eq(requests.id, id)))[0]!;

describe('POST /requests: item cost and pickup place', () => {
  it('stores the item cost in paise and the pickup place trimmed, and every view shows both', async () => {
    const me = await member('hosteller');
    const ds = await member('dayscholar');
    const res = await inject(
      'POST',
      '/api/requests',
      me.h,
      body({ itemCost: 250.5, pickupFrom: '  Katpadi market  ' }),
    );
    expect(res.statusCode).toBe(201);
    const { request } = res.json();
    expect(request).toMatchObject({
      expectedPrice: 40,
      itemCost: 250.5,
      actualItemCost: null,
      pickupFrom: 'Katpadi market',
    });
    const row = await stored(request.id);
    expect(row).toMatchObject({ expectedPrice: 4000, itemCost: 25050, pickupFrom: 'Katpadi market' });

    // The detail, the requester's list and the day scholar's view.
    const fields = { itemCost: 250.5, actualItemCost: null, pickupFrom: 'Katpadi market' };
    expect((await inject('GET', `/api/requests/${request.id}`, ds.h)).json().request).toMatchObject(fields);
    const mine = (await inject('GET', '/api/requests/my-requests', me.h)).json().requests;
    expect(mine[0]).toMatchObject({ id: request.id, ...fields });
  });

  it('leaves both null when not given, or given blank or null', async () => {
    const me = await member('hosteller');
    for (const extra of [{}, { itemCost: '', pickupFrom: '   ' }, { itemCost: null, pickupFrom: null }]) {
      const res = await inject('POST', '/api/requests', me.h, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(201);
      expect(res.json().request).toMatchObject({ itemCost: null, pickupFrom: null, actualItemCost: null });
      expect(await stored(res.json().request.id)).toMatchObject({ itemCost: null, pickupFrom: null });
    }
  });

  it('takes the bounds: ₹1, ₹1,00,000, two decimals, a numeric string, 80 characters', async () => {
    const me = await member('hosteller');
    const cases: [object, object][] = [
      [{ itemCost: 1 }, { itemCost: 1 }],
      [{ itemCost: 100_000 }, { itemCost: 100_000 }],
      [{ itemCost: 12.34 }, { itemCost: 12.34 }],
      [{ itemCost: '75' }, { itemCost: 75 }],
      [{ pickupFrom: 'x'.repeat(80) }, { pickupFrom: 'x'.repeat(80) }],
      [{ pickupFrom: ` ${'y'.repeat(80)} ` }, { pickupFrom: 'y'.repeat(80) }],
    ];
    for (const [extra, expected] of cases) {
      const res = await inject('POST', '/api/requests', me.h, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(201);
      expect(res.json().request).toMatchObject(expected);
    }
  });

  it('refuses a bad item cost or pickup place with a clear message under its field', async () => {
    const me = await member('hosteller');
    const cases: [object, string, string][] = [
      [{ itemCost: 0 }, 'itemCost', REQUEST_MESSAGES.itemCostMin],
      [{ itemCost: 0.5 }, 'itemCost', REQUEST_MESSAGES.itemCostMin],
      [{ itemCost: -10 }, 'itemCost', REQUEST_MESSAGES.itemCostMin],
      [{ itemCost: 100_000.01 }, 'itemCost', REQUEST_MESSAGES.itemCostMax],
      [{ itemCost: 10.555 }, 'itemCost', REQUEST_MESSAGES.itemCostDecimals],
      [{ itemCost: 'abc' }, 'itemCost', REQUEST_MESSAGES.itemCostInvalid],
      [{ itemCost: true }, 'itemCost', REQUEST_MESSAGES.itemCostInvalid],
      [{ itemCost: [250] }, 'itemCost', REQUEST_MESSAGES.itemCostInvalid],
      [{ pickupFrom: 'z'.repeat(81) }, 'pickupFrom', REQUEST_MESSAGES.pickupFromTooLong],
      [{ pickupFrom: 42 }, 'pickupFrom', REQUEST_MESSAGES.pickupFromInvalid],
      [
        { pickupFrom: 'Katpadi\nmarket' },
        'pickupFrom',
        'Pickup place contains characters that are not allowed',
      ],
    ];
    for (const [extra, param, msg] of cases) {
      const res = await inject('POST', '/api/requests', me.h, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject({
        message: msg,
        reason: 'invalidInput',
        errors: [{ param, msg }],
      });
    }
    // The fee's own messages stay as they were.
    const fee = await inject('POST', '/api/requests', me.h, body({ expectedPrice: 0 }));
    expect(fee.json().message).toBe('Expected price must be at least ₹1');
  });
});

describe('GET /dayscholar/requests/available?pickupFrom', () => {
  it('keeps the requests whose pickup place contains the text, in any case, wildcards taken literally', async () => {
    const owner = await member('hosteller');
    const ds = await member('dayscholar');
    const tag = `P${Date.now()}`;
    const market = await createRequest(t.db, { requester: owner, pickupFrom: `${tag} Katpadi market` });
    const bus = await createRequest(t.db, { requester: owner, pickupFrom: `KATPADI bus stand ${tag}` });
    const shop = await createRequest(t.db, { requester: owner, pickupFrom: `Campus stationery ${tag}` });
    await createRequest(t.db, { requester: owner, pickupFrom: null, itemName: `Katpadi ${tag}` });

    const ids = async (query: string) =>
      (await inject('GET', `/api/dayscholar/requests/available?limit=50&${query}`, ds.h))
        .json()
        .requests.map((r: { id: string }) => r.id)
        .sort();
    expect(await ids(`search=${tag}&pickupFrom=katpadi`)).toEqual([]); // the search is item words
    expect(await ids(`pickupFrom=${encodeURIComponent(`katpadi market`)}`)).toContain(market.id);
    const tagged = await ids(`pickupFrom=${tag}`);
    expect(tagged).toEqual([market.id, bus.id, shop.id].sort());
    const katpadi = (await ids('pickupFrom=kAtPaDi')).filter((id: string) => tagged.includes(id));
    expect(katpadi).toEqual([market.id, bus.id].sort());
    expect(await ids(`pickupFrom=${encodeURIComponent('%')}`)).toEqual([]);
    const res = await inject('GET', '/api/dayscholar/requests/available', ds.h);
    expect(res.json().requests.find((r: { id: string }) => r.id === market.id)).toMatchObject({
      pickupFrom: `${tag} Katpadi market`,
    });
  });

  it('refuses a filter that is too long', async () => {
    const ds = await member('dayscholar');
    const res = await inject('GET', `/api/dayscholar/requests/available?pickupFrom=${'k'.repeat(101)}`, ds.h);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].param).toBe('pickupFrom');
  });
});

describe('PUT /requests/{id}/deliver with actualItemCost', () => {
  async function accepted(extra: object) {
    const owner = await member('hosteller');
    const ds = await member('dayscholar');
    const posted = await inject('POST', '/api/requests', owner.h, body(extra));
    const id = posted.json().request.id as string;
    expect((await inject('PUT', `/api/requests/${id}/accept`, ds.h)).statusCode).toBe(200);
    return { owner, ds, id };
  }

  it('stores the receipt amount of a request with an item cost; the requester sees it', async () => {
    const { owner, ds, id } = await accepted({ itemCost: 250 });
    const res = await inject('PUT', `/api/requests/${id}/deliver`, ds.h, { actualItemCost: 260.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'completed', itemCost: 250, actualItemCost: 260.5 });
    expect(await stored(id)).toMatchObject({ itemCost: 25000, actualItemCost: 26050 });
    const seen = (await inject('GET', `/api/requests/${id}`, owner.h)).json().request;
    expect(seen).toMatchObject({ itemCost: 250, actualItemCost: 260.5 });
  });

  it('completes a request with an item cost without a receipt amount too', async () => {
    const { ds, id } = await accepted({ itemCost: 250 });
    const res = await inject('PUT', `/api/requests/${id}/deliver`, ds.h, { actualItemCost: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'completed', actualItemCost: null });
  });

  it('refuses a receipt amount for a request without an item cost (400, noItemCost) and leaves it accepted', async () => {
    const { ds, id } = await accepted({});
    const res = await inject('PUT', `/api/requests/${id}/deliver`, ds.h, { actualItemCost: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: REQUEST_REFUSAL_MESSAGES.receiptWithoutItemCost,
      reason: 'noItemCost',
      errors: [{ param: 'actualItemCost', msg: REQUEST_REFUSAL_MESSAGES.receiptWithoutItemCost }],
    });
    expect(await stored(id)).toMatchObject({ status: 'accepted', actualItemCost: null });
    // Without it the same delivery completes.
    expect((await inject('PUT', `/api/requests/${id}/deliver`, ds.h, {})).statusCode).toBe(200);
  });

  it('refuses a bad receipt amount by the rupee rules', async () => {
    const { ds, id } = await accepted({ itemCost: 250 });
    const cases: [unknown, string][] = [
      [0, REQUEST_MESSAGES.receiptMin],
      [100_001, REQUEST_MESSAGES.receiptMax],
      [1.005, REQUEST_MESSAGES.receiptDecimals],
      ['lots', REQUEST_MESSAGES.receiptInvalid],
    ];
    for (const [actualItemCost, msg] of cases) {
      const res = await inject('PUT', `/api/requests/${id}/deliver`, ds.h, { actualItemCost });
      expect(res.statusCode, String(actualItemCost)).toBe(400);
      expect(res.json().errors).toEqual([{ param: 'actualItemCost', msg }]);
    }
    expect(await stored(id)).toMatchObject({ status: 'accepted' });
  });

  it('answers another day scholar as before: not theirs to complete (403), whatever the receipt', async () => {
    const { id } = await accepted({});
    const stranger = await member('dayscholar');
    const res = await inject('PUT', `/api/requests/${id}/deliver`, stranger.h, { actualItemCost: 100 });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('notDeliverer');
  });
});

describe('earnings', () => {
  it('count the fee only: an item cost or a receipt amount never enters them', async () => {
    const owner = await member('hosteller');
    const ds = await member('dayscholar');
    const stats = async () => (await inject('GET', '/api/dayscholar/stats', ds.h)).json().stats;
    expect((await stats()).totalEarnings).toBe(0);
    // One through the API with a receipt, one straight in the table.
    const posted = await inject('POST', '/api/requests', owner.h, body({ expectedPrice: 40, itemCost: 250 }));
    const id = posted.json().request.id as string;
    await inject('PUT', `/api/requests/${id}/accept`, ds.h);
    const done = await inject('PUT', `/api/requests/${id}/deliver`, ds.h, { actualItemCost: 260 });
    expect(done.statusCode).toBe(200);
    await createRequest(t.db, {
      requester: owner,
      deliverer: ds,
      status: 'completed',
      expectedPrice: 15.5,
      itemCost: 999,
      actualItemCost: 1200,
    });
    expect(await stats()).toMatchObject({ completedDeliveries: 2, totalEarnings: 55.5 });
  });
});

describe('OpenAPI', () => {
  it('lists the new fields, the Browse filter, the receipt amount and its refusal reason', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const json = (op: { requestBody: { content: Record<string, { schema: unknown }> } }) =>
      op.requestBody.content['application/json']!.schema as { properties: Record<string, unknown> };
    const create = doc.paths['/api/requests'].post;
    expect(Object.keys(json(create).properties)).toEqual(expect.arrayContaining(['itemCost', 'pickupFrom']));
    const deliver = doc.paths['/api/requests/{id}/deliver'].put;
    expect(JSON.stringify(deliver.requestBody)).toContain('actualItemCost');
    expect(JSON.stringify(deliver.responses['4XX'])).toContain('noItemCost');
    const available = doc.paths['/api/dayscholar/requests/available'].get;
    expect(available.parameters.map((p: { name: string }) => p.name)).toContain('pickupFrom');
    const request = JSON.stringify(doc.paths['/api/requests/{id}'].get.responses['200']);
    for (const field of ['itemCost', 'actualItemCost', 'pickupFrom']) expect(request).toContain(field);
  });
});
