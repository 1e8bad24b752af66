import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestSchema, userRefSchema, userSchema } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { authAs, createUser } from '../test/factories';
import { compileResponseSerializer } from './serializer';

const ID = '6f1c1c1e-5f7a-4d59-9a55-3f9c3a0c1b2d';
const ID2 = '0b6c2f1e-3d4a-4c8b-9e7f-1a2b3c4d5e6f';
/** A users row as the database gives it: more than any answer may carry. */
const userRow = {
  id: ID,
  name: 'Asha',
  email: 'asha@example.edu',
  role: 'hosteller',
  avatar: null,
  phoneNumber: '9876543210',
  hostelBlock: 'Block A',
  roomNumber: '101',
  isVerified: true,
  isProfileComplete: true,
  isModerator: false,
  upiId: null,
  hasPassword: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
  tokenVersion: 4,
  googleSub: 'google-123',
};

/** A bare Fastify app answering `body` under `schema` with the app's serializer compiler. */
async function answer(schema: z.ZodType, body: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(compileResponseSerializer);
  app.get('/', { schema: { response: { 200: schema } } }, async () => body);
  const res = await app.inject('/');
  await app.close();
  return res;
}

describe('response serialisation', () => {
  it('never writes a field the schema does not declare, at any depth', async () => {
    const schema = z.object({
      user: userSchema,
      partners: z.array(userRefSchema),
      note: z.string().nullable(),
    });
    const res = await answer(schema, {
      user: userRow,
      partners: [userRow, { ...userRow, id: ID2 }],
      note: null,
      debug: { sql: 'select * from users' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/passwordHash|argon2|tokenVersion|googleSub|debug/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['note', 'partners', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(body.partners).toEqual([
      { id: ID, name: 'Asha', avatar: null },
      { id: ID2, name: 'Asha', avatar: null },
    ]);
  });

  it('writes what zod would, nulls and nested objects included', async () => {
    const request = {
      id: ID,
      number: 42,
      requesterId: ID,
      requester: { id: ID, name: 'Asha "A" \\ Rao', avatar: null, email: 'hidden@example.edu' },
      delivererId: null,
      deliverer: null,
      itemName: 'Milk\n2 litres',
      description: 'Amul, any 🥛',
      quantity: 2,
      expectedPrice: 45.5,
      itemCost: 250.75,
      actualItemCost: null,
      pickupFrom: 'Katpadi "market"',
      tripId: null,
      runId: '7c9e6679-7425-40de-944b-e07fc1b91ab2',
      deadline: '2026-11-30T10:00:00.000Z',
      deliveryLocation: 'Block A',
      isUrgent: false,
      category: 'groceries',
      status: 'pending',
      deliveryNotes: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      acceptedAt: null,
      pickedUpAt: null,
      onTheWayAt: null,
      arrivalEta: null,
      deliveryTime: null,
      completedAt: null,
      cancelledAt: null,
      contact: { phoneNumber: '9876543210', hostelBlock: null, roomNumber: '101', email: 'x@example.edu' },
      handoverRequired: true,
      handoverCode: null,
      handoverLocked: false,
      viewerHasRated: false,
      viewerRating: null,
      isExpired: false,
      counterpart: { id: ID2, name: 'Ravi', avatar: 'https://lh3.googleusercontent.com/a' },
      ratingType: null,
      can: {
        accept: true,
        complete: false,
        cancel: false,
        cancelDelivery: false,
        pickUp: false,
        onTheWay: false,
        rate: false,
        chat: true,
        repost: false,
        confirmReceipt: false,
        report: true,
      },
    };
    const schema = z.object({ requests: z.array(requestSchema), nextCursor: z.string().nullable() });
    const body = { requests: [request], nextCursor: 'abc' };
    const res = await answer(schema, body);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(schema.parse(body))));
  });

  it('refuses to answer with a required field missing rather than send half an object', async () => {
    const { passwordHash: _p, name: _n, ...withoutName } = userRow;
    const res = await answer(z.object({ user: userSchema }), { user: withoutName });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('asha@example.edu');
  });
});

describe('answers of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('carry exactly the fields of their schema (no password hash, no token version)', async () => {
    const user = await createUser(t.db);
    const h = await authAs(t, user);
    const me = await t.app.inject({ url: '/api/auth/me', headers: h });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json().user).sort()).toEqual(Object.keys(userSchema.shape).sort());
    const card = await t.app.inject({ url: `/api/users/${user.id}`, headers: h });
    expect(Object.keys(card.json().user).sort()).toEqual(['avatar', 'createdAt', 'id', 'name', 'role']);
    for (const res of [me, card]) expect(res.body).not.toMatch(/passwordHash|argon2|tokenVersion/);
  });

  it('are still described in the OpenAPI document from the same zod schemas', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const me = doc.paths['/api/auth/me'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(me.properties.user.properties).sort()).toEqual(Object.keys(userSchema.shape).sort());
    const list =
      doc.paths['/api/dayscholar/requests/available'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.requests.items.required).toContain('viewerHasRated');
  });
});
