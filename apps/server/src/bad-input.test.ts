import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@campusrun/shared';
import { products, settlements } from './db/schema';
import { databaseErrorAnswer } from './lib/errors';
import { createJwt } from './lib/tokens';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { authAs, bearer, createProduct, createUser } from './test/factories';

let t: TestApp;
let hosteller: Awaited<ReturnType<typeof createUser>>;
let dayscholar: Awaited<ReturnType<typeof createUser>>;
let asHosteller: Record<string, string>;
let asDayscholar: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  hosteller = await createUser(t.db, { role: 'hosteller' });
  dayscholar = await createUser(t.db, { role: 'dayscholar' });
  asHosteller = await authAs(t, hosteller);
  asDayscholar = await authAs(t, dayscholar);
});
afterAll(() => t?.close());

const NUL = '\u0000';
const inFuture = () => new Date(Date.now() + 86_400_000).toISOString();
const cursorOf = (...keys: unknown[]) => Buffer.from(JSON.stringify(keys)).toString('base64url');

describe('bad input never reaches PostgreSQL', () => {
  it('answers 400 to a NUL byte in a text field, signed in or not', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: {
          name: `Eve${NUL}`,
          email: 'eve.nul@example.edu',
          password: 'long enough password',
          phoneNumber: '9876543210',
          role: 'hosteller',
          hostelBlock: 'Block A',
          roomNumber: '101',
        },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: {
          name: 'Eve',
          email: 'eve.nul2@example.edu',
          password: 'long enough password',
          phoneNumber: '9876543210',
          role: 'hosteller',
          hostelBlock: `Block${NUL}A`,
          roomNumber: '101',
        },
      },
      { method: 'POST' as const, url: '/api/auth/send-otp', payload: { email: `eve${NUL}@example.edu` } },
      {
        method: 'POST' as const,
        url: '/api/auth/verify-otp',
        payload: { email: `eve${NUL}@example.edu`, otp: '123456' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: `eve${NUL}@example.edu`, password: 'x' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/reset-password',
        payload: { token: `abc${NUL}`, password: 'long enough password' },
      },
      {
        method: 'POST' as const,
        url: '/api/requests',
        headers: asHosteller,
        payload: {
          itemName: `Milk${NUL}`,
          expectedPrice: 40,
          deadline: inFuture(),
          deliveryLocation: 'Block A',
        },
      },
      {
        method: 'POST' as const,
        url: '/api/chat',
        headers: asHosteller,
        payload: { receiverId: dayscholar.id, content: `Hello${NUL}` },
      },
      {
        method: 'PUT' as const,
        url: '/api/users/profile',
        headers: asHosteller,
        payload: { name: `Hema${NUL}`, phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
      },
      {
        method: 'GET' as const,
        url: '/api/dayscholar/requests/available?search=milk%00',
        headers: asDayscholar,
      },
      { method: 'GET' as const, url: '/api/products?search=lamp%00', headers: asDayscholar },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses names with control and bidi-override characters', async () => {
    for (const name of ['Eve\r\nBcc: all@example.edu', 'Admin\u202Etxt.exe', 'Ev\u200Be']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: asHosteller,
        payload: { name, phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({
        message: MESSAGES.nameCharacters,
        errors: [{ param: 'name', msg: MESSAGES.nameCharacters }],
      });
    }
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Admin\u202Etxt.exe',
        email: 'mallory.bidi@example.edu',
        password: 'long enough password',
        phoneNumber: '9876543210',
        role: 'dayscholar',
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe(MESSAGES.nameCharacters);
  });

  it('answers 400 to a page cursor whose timestamp PostgreSQL cannot hold (year 0000)', async () => {
    const uuid = '6f1c1a36-5c39-4c43-9a8e-0d4a3c0f2b11';
    const lists = [
      { url: '/api/requests/my-requests', name: 'requests:newest', headers: asHosteller },
      { url: '/api/requests/my-deliveries', name: 'requests:newest', headers: asDayscholar },
      { url: '/api/dayscholar/requests/available', name: 'requests:newest', headers: asDayscholar },
      { url: '/api/notifications', name: 'notifications', headers: asHosteller },
      { url: '/api/products', name: 'products:recent', headers: asHosteller },
      { url: '/api/products/saved', name: 'saved', headers: asDayscholar },
      { url: '/api/users/following', name: 'following', headers: asDayscholar },
      { url: '/api/users/followers', name: 'followers', headers: asHosteller },
      { url: `/api/chat/conversation/${dayscholar.id}`, name: 'messages', headers: asHosteller },
    ];
    for (const list of lists)
      for (const time of [
        '0000-01-01T00:00:00.000000Z',
        '0001-01-01T00:00:00.000000Z',
        '1969-12-31T23:59:59.999999Z',
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${list.url}?cursor=${cursorOf(list.name, time, uuid)}`,
          headers: list.headers,
        });
        expect(res.statusCode, `${list.url} ${time}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe('Invalid cursor');
      }
    // The list's own cursors still page.
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?limit=1',
      headers: asHosteller,
    });
    expect(first.statusCode).toBe(200);
  });

  it('refuses a token whose subject is 36 hex digits and dashes but not a UUID, as signed out (401)', async () => {
    const jwt = createJwt(t.config.jwtSecret, '1h');
    for (const sub of ['-'.repeat(36), 'a'.repeat(36), `${'0'.repeat(8)}--${'0'.repeat(26)}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(await jwt.sign({ sub, tv: 0, sid: randomUUID() })),
      });
      expect(res.statusCode, sub).toBe(401);
    }
  });

  it('answers 404 to saving a product that its seller deletes at the same moment', async () => {
    const product = await createProduct(t.db, { seller: hosteller });
    // The seller's delete holds the row until it commits; the save meanwhile waits on it.
    const { saving } = await t.db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, product.id));
      const saving = t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}/save`,
        headers: asDayscholar,
      });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`pg_stat_activity`)
          .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
        if ((row?.n ?? 0) > 0 || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return { saving };
    });
    const res = await saving;
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });

  it("answers 4xx, never 500, to a settlement's confirm, decline, accept-cost and dispute with bad ids, bodies and states", async () => {
    const stranger = await authAs(t, await createUser(t.db, { role: 'hosteller' }));
    // The day scholar pays the hosteller in each: a proposed sale, a request with a receipt above
    // the estimate, a settled sale whose product was deleted, and a void sale.
    const base = { payerId: dayscholar.id, payeeId: hosteller.id, amount: 5000, originalAmount: 5000 };
    const [proposed, claimed, settled, voided] = await t.db
      .insert(settlements)
      .values([
        { ...base, kind: 'sale', title: 'Lamp', state: 'proposed' },
        { ...base, kind: 'request', title: 'Milk', extraClaim: 2000, confirmedAt: new Date() },
        {
          ...base,
          kind: 'sale',
          title: 'Fan',
          state: 'settled',
          confirmedAt: new Date(),
          settledAt: new Date(),
        },
        { ...base, kind: 'sale', title: 'Cot', state: 'void', voidedAt: new Date() },
      ])
      .returning({ id: settlements.id });
    const ids = { proposed: proposed!.id, claimed: claimed!.id, settled: settled!.id, voided: voided!.id };
    const send = (
      method: 'PUT' | 'POST',
      url: string,
      as: Record<string, string>,
      body?: { raw: string; type?: string },
    ) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...as, ...(body && { 'content-type': body.type ?? 'application/json' }) },
        ...(body && { payload: body.raw }),
      });
    const expectAnswer = (res: Awaited<ReturnType<typeof send>>, status: number, reason?: string) => {
      expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ message: expect.any(String), reason: reason ?? expect.any(String) });
    };

    const answers = ['confirm', 'decline', 'accept-cost'];
    for (const action of answers) {
      // Ids that name nothing, or nothing of the caller's.
      for (const id of [
        randomUUID(),
        '00000000-0000-0000-0000-000000000000',
        'not-a-uuid',
        '%00',
        ids.proposed.toUpperCase() + 'x',
      ])
        expectAnswer(await send('PUT', `/settlements/${id}/${action}`, asDayscholar), 404, 'notFound');
      expectAnswer(await send('PUT', `/settlements/${ids.proposed}/${action}`, stranger), 404, 'notFound');
      // Bodies they do not need, of every shape: read past (the sale is called off) or refused.
      for (const raw of ['', '{}', '[]', 'null', '"yes"', '42', '{"state":"open","amount":-1}'])
        expect(
          (await send('PUT', `/settlements/${ids.voided}/${action}`, asDayscholar, { raw })).statusCode,
        ).toBe(409);
      expectAnswer(
        await send('PUT', `/settlements/${ids.voided}/${action}`, asDayscholar, { raw: '{' }),
        400,
      );
      expectAnswer(
        await send('PUT', `/settlements/${ids.voided}/${action}`, asDayscholar, {
          raw: 'yes',
          type: 'text/plain',
        }),
        409,
        'voided',
      );
    }
    // Each in a state that does not allow it, and by the other party.
    expectAnswer(await send('PUT', `/settlements/${ids.proposed}/confirm`, asHosteller), 403, 'notPayer');
    expectAnswer(await send('PUT', `/settlements/${ids.claimed}/accept-cost`, asHosteller), 403, 'notPayer');
    expectAnswer(await send('PUT', `/settlements/${ids.claimed}/confirm`, asDayscholar), 409, 'notProposed');
    expectAnswer(await send('PUT', `/settlements/${ids.settled}/decline`, asDayscholar), 409, 'notProposed');
    expectAnswer(await send('PUT', `/settlements/${ids.voided}/confirm`, asDayscholar), 409, 'voided');
    expectAnswer(
      await send('PUT', `/settlements/${ids.proposed}/accept-cost`, asDayscholar),
      409,
      'proposed',
    );
    expectAnswer(
      await send('PUT', `/settlements/${ids.settled}/accept-cost`, asDayscholar),
      409,
      'alreadySettled',
    );
    // Two answers at once: one wins, the other is told why not.
    const both = await Promise.all([
      send('PUT', `/settlements/${ids.proposed}/confirm`, asDayscholar),
      send('PUT', `/settlements/${ids.proposed}/decline`, asDayscholar),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const twice = await Promise.all([
      send('PUT', `/settlements/${ids.claimed}/accept-cost`, asDayscholar),
      send('PUT', `/settlements/${ids.claimed}/accept-cost`, asDayscholar),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // A dispute from the settlement: bad bodies are 400 with the field's message.
    const dispute = (id: string, raw: string, as = asDayscholar) =>
      send('POST', `/settlements/${id}/dispute`, as, { raw });
    for (const raw of [
      '',
      '{}',
      '[]',
      'null',
      '{',
      JSON.stringify({ reason: 'nope', details: 'x' }),
      JSON.stringify({ reason: 'other', details: '' }),
      JSON.stringify({ reason: 'other', details: 'x'.repeat(1001) }),
      JSON.stringify({ reason: 'other', details: `a${NUL}b` }),
      JSON.stringify({ reason: ['other'], details: { a: 1 } }),
    ])
      expectAnswer(await dispute(ids.settled, raw), 400);
    const good = JSON.stringify({ reason: 'other', details: 'It broke' });
    expectAnswer(await dispute(randomUUID(), good), 404, 'notFound');
    expectAnswer(await dispute(ids.settled, good, stranger), 404, 'notFound');
    expectAnswer(await dispute(ids.voided, good), 409, 'notFinished');
    expect((await dispute(ids.settled, good)).statusCode).toBe(201);
    expectAnswer(await dispute(ids.settled, good, asHosteller), 409, 'alreadyOpen');
  });

  it('maps database errors a request can cause to 4xx and 503, by SQLSTATE, wrapped or not', () => {
    const pgError = (code: string) => Object.assign(new Error('db'), { code });
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: pgError(code) });
    const cases: Array<[string, number]> = [
      ['22P02', 400],
      ['22003', 400],
      ['22008', 400],
      ['22021', 400],
      ['22001', 400],
      ['23503', 404],
      ['23505', 409],
      ['40001', 409],
      ['40P01', 409],
      ['08006', 503],
      ['57P01', 503],
      ['57P03', 503],
      ['53300', 503],
    ];
    for (const [code, status] of cases) {
      expect(databaseErrorAnswer(pgError(code))?.statusCode, code).toBe(status);
      expect(databaseErrorAnswer(wrapped(code))?.statusCode, code).toBe(status);
    }
    expect(databaseErrorAnswer(pgError('42P01'))).toBeUndefined(); // a fault of ours stays a 500
    expect(databaseErrorAnswer(new Error('boom'))).toBeUndefined();
    expect(
      databaseErrorAnswer(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))?.statusCode,
    ).toBe(503);
    expect(databaseErrorAnswer(new Error('Connection terminated unexpectedly'))?.statusCode).toBe(503);
    expect(databaseErrorAnswer(new Error('timeout exceeded when trying to connect'))?.statusCode).toBe(503);
  });
});
