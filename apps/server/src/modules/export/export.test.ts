import { eq } from 'drizzle-orm';
import { EXPORT_MESSAGES } from '@campusrun/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disputes,
  messages,
  notifications,
  offers,
  passwordResetTokens,
  requests,
  runs,
  savedProducts,
  savedSearches,
  settlements,
  wantedPosts,
  users,
} from '../../db/schema';
import { createLimiterFactory } from '../../lib/rate-limit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createExportService } from './export.service';
import {
  authAs,
  bearer,
  createProduct,
  createRating,
  createRequest,
  createUser,
  tokenFor,
} from '../../test/factories';

type User = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ requestSweepSeconds: 0 });
});
afterAll(() => t.close());

const exportAs = async (user: User | null) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: user ? await authAs(t, user) : {} });

/** Gives a user private details no one else's download may show. */
async function withPrivateDetails(user: User, tag: string, phoneNumber: string) {
  const [row] = await t.db
    .update(users)
    .set({
      phoneNumber,
      roomNumber: `Room-${tag}-Secret`,
      hostelBlock: `Block-${tag}-Secret`,
      upiId: `${tag.toLowerCase()}.secret@okbank`,
    })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

describe('GET /users/me/export', () => {
  it("holds each of the member's own rows, and other people only by id and name", async () => {
    const me = await withPrivateDetails(
      await createUser(t.db, { role: 'hosteller', name: 'Meera' }),
      'Meera',
      '9000011111',
    );
    const dev = await withPrivateDetails(
      await createUser(t.db, { role: 'dayscholar', name: 'Dev' }),
      'Devx',
      '9111122222',
    );
    const sana = await withPrivateDetails(
      await createUser(t.db, { role: 'hosteller', name: 'Sana' }),
      'Sanaq',
      '9333344444',
    );

    // Meera's request, delivered by Dev and completed; her settlement with him, his rating and a dispute.
    const request = await createRequest(t.db, {
      requester: me,
      deliverer: dev,
      status: 'completed',
      itemName: 'Graph paper',
    });
    await t.db
      .update(requests)
      .set({ handoverRequired: true, handoverCodeHash: 'handover-hash-value-0001' })
      .where(eq(requests.id, request.id));
    // A delivery Meera accepted for Sana, whose handover code is Sana's alone.
    const delivery = await createRequest(t.db, {
      requester: sana,
      deliverer: me,
      status: 'accepted',
      itemName: 'Printer ink',
    });
    await t.db
      .update(requests)
      .set({
        handoverRequired: true,
        handoverCodeHash: 'handover-hash-value-0002',
        handoverCodeSealed: 'sealed-code-value-0002',
      })
      .where(eq(requests.id, delivery.id));
    const rating = await createRating(t.db, {
      request,
      rater: dev,
      user: me,
      rating: 5,
      type: 'dayscholar_to_hosteller',
    });
    const [settlement] = await t.db
      .insert(settlements)
      .values({
        kind: 'request',
        requestId: request.id,
        title: 'Graph paper',
        payerId: me.id,
        payeeId: dev.id,
        amount: 5000,
        originalAmount: 5000,
        tip: 2000,
      })
      .returning();
    const [dispute] = await t.db
      .insert(disputes)
      .values({
        targetType: 'request',
        targetId: request.id,
        settlementId: settlement!.id,
        openedBy: dev.id,
        reason: 'not_paid',
        details: 'Not paid yet',
        photos: ['disputes/fedcba9876543210fedcba9876543210.webp'],
        reply: 'I paid in cash at the gate',
        repliedAt: new Date(),
        status: 'withdrawn',
        withdrawnAt: new Date(),
      })
      .returning();

    // Her product with a photo, Sana's offer on it, her offer on Sana's product, which she saved.
    const product = await createProduct(t.db, { seller: me, name: 'Desk lamp', images: 1 });
    const sanasProduct = await createProduct(t.db, { seller: sana, name: 'Kettle', images: 1 });
    const [offerToMe] = await t.db
      .insert(offers)
      .values({ productId: product.id, buyerId: sana.id, amount: 20000 })
      .returning();
    const [offerByMe] = await t.db
      .insert(offers)
      .values({ productId: sanasProduct.id, buyerId: me.id, amount: 30000 })
      .returning();
    await t.db.insert(savedProducts).values({ userId: me.id, productId: sanasProduct.id });
    await t.db.insert(savedSearches).values({
      userId: me.id,
      kind: 'products',
      name: 'Kettles under ₹500',
      filters: { search: 'kettle', maxPrice: 500, sort: 'recent' },
      matchQuery: 'kettle:*',
      maxAmount: 50_000,
    });
    await t.db
      .insert(wantedPosts)
      .values({ userId: me.id, title: 'Casio fx-991EX', category: 'electronics', maxPrice: 80_000 });

    // Messages both ways, one a photo; a notification; a shared run she started; a session.
    const [sent] = await t.db
      .insert(messages)
      .values({ senderId: me.id, receiverId: dev.id, content: 'Is it on the way?' })
      .returning();
    const [received] = await t.db
      .insert(messages)
      .values({
        senderId: dev.id,
        receiverId: me.id,
        content: 'Here is the receipt',
        imagePath: 'chat/0123456789abcdef0123456789abcdef.webp',
      })
      .returning();
    const [notification] = await t.db
      .insert(notifications)
      .values({ userId: me.id, type: 'request_accepted', message: 'Dev accepted your request' })
      .returning();
    const [run] = await t.db
      .insert(runs)
      .values({
        starterId: me.id,
        pickupFrom: 'Katpadi market',
        cutoffAt: new Date(Date.now() + 3600_000),
        deadline: new Date(Date.now() + 7200_000),
        totalFee: 6000,
      })
      .returning();
    await t.db.insert(passwordResetTokens).values({
      userId: me.id,
      tokenHash: 'reset-token-hash-0003',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const token = await tokenFor(t, me, 'ExportTestBrowser/1.0');

    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const doc = JSON.parse(body);

    expect(doc.exportedAt).toEqual(expect.any(String));
    expect(doc.profile).toMatchObject({
      id: me.id,
      name: 'Meera',
      email: me.email,
      role: 'hosteller',
      phoneNumber: me.phoneNumber,
      hostelBlock: me.hostelBlock,
      roomNumber: me.roomNumber,
      upiId: me.upiId,
      pushPreferences: expect.any(Object),
      emailPreferences: expect.any(Object),
    });
    expect(doc.emailPreferences).toEqual(doc.profile.emailPreferences);
    expect(doc.requests).toEqual([
      expect.objectContaining({
        id: request.id,
        itemName: 'Graph paper',
        deliverer: { id: dev.id, name: 'Dev' },
      }),
    ]);
    expect(doc.deliveries).toEqual([
      expect.objectContaining({ id: delivery.id, requester: { id: sana.id, name: 'Sana' } }),
    ]);
    expect(doc.trips).toEqual([]);
    expect(doc.runs).toEqual([
      expect.objectContaining({ id: run!.id, starter: { id: me.id, name: 'Meera' }, deliverer: null }),
    ]);
    expect(doc.products).toHaveLength(1);
    expect(doc.products[0]).toMatchObject({ id: product.id, name: 'Desk lamp' });
    expect(doc.products[0].photos).toEqual([
      {
        url: expect.stringMatching(/products\/.+\.webp$/),
        thumbnailUrl: expect.stringMatching(/_thumb\.webp$/),
      },
    ]);
    expect(doc.offers.map((o: { id: string; direction: string }) => [o.id, o.direction]).sort()).toEqual(
      [
        [offerToMe!.id, 'received'],
        [offerByMe!.id, 'made'],
      ].sort(),
    );
    expect(doc.savedItems).toEqual([
      expect.objectContaining({
        product: { id: sanasProduct.id, name: 'Kettle' },
        seller: { id: sana.id, name: 'Sana' },
      }),
    ]);
    expect(doc.savedSearches).toEqual([
      expect.objectContaining({
        kind: 'products',
        name: 'Kettles under ₹500',
        filters: { search: 'kettle', maxPrice: 500, sort: 'recent' },
        paused: false,
      }),
    ]);
    expect(doc.wanted).toEqual([
      expect.objectContaining({
        title: 'Casio fx-991EX',
        category: 'electronics',
        maxPrice: 800,
        status: 'open',
      }),
    ]);
    expect(doc.messages).toEqual([
      expect.objectContaining({
        id: sent!.id,
        direction: 'sent',
        with: { id: dev.id, name: 'Dev' },
        photoUrl: null,
      }),
      expect.objectContaining({
        id: received!.id,
        direction: 'received',
        photoUrl: expect.stringMatching(
          /^\/uploads\/chat\/0123456789abcdef0123456789abcdef\.webp\?exp=\d+&sig=/,
        ),
      }),
    ]);
    expect(doc.ratings).toEqual([
      expect.objectContaining({
        id: rating.id,
        direction: 'received',
        rating: 5,
        with: { id: dev.id, name: 'Dev' },
      }),
    ]);
    expect(doc.notifications).toEqual([expect.objectContaining({ id: notification!.id })]);
    expect(doc.settlements).toEqual([
      expect.objectContaining({
        id: settlement!.id,
        role: 'payer',
        amount: 50,
        tip: 20,
        with: { id: dev.id, name: 'Dev' },
      }),
    ]);
    // Both sides of the dispute, the photo as a signed link (never its storage address), the withdrawal.
    expect(doc.disputes).toEqual([
      expect.objectContaining({
        id: dispute!.id,
        openedBy: { id: dev.id, name: 'Dev' },
        details: 'Not paid yet',
        reply: expect.objectContaining({ text: 'I paid in cash at the gate', photos: [] }),
        status: 'withdrawn',
        withdrawnAt: expect.any(String),
      }),
    ]);
    const [photo] = doc.disputes[0].photos;
    expect(photo.url).toMatch(new RegExp(`^/api/disputes/${dispute!.id}/photos/opener-0\\?exp=\\d+&sig=`));
    expect(photo.thumbnailUrl).toMatch(/\/photos\/opener-0-thumb\?/);
    const at = body.indexOf('fedcba9876543210fedcba9876543210');
    expect(at, body.slice(Math.max(0, at - 300), at + 100)).toBe(-1);
    expect(doc.sessions).toContainEqual(expect.objectContaining({ userAgent: 'ExportTestBrowser/1.0' }));

    // Nothing private to Dev or Sana, anywhere in the file.
    for (const other of [dev, sana]) {
      const [row] = await t.db.select().from(users).where(eq(users.id, other.id));
      for (const value of [
        row!.email,
        row!.phoneNumber,
        row!.roomNumber,
        row!.hostelBlock,
        row!.upiId,
        row!.passwordHash,
      ])
        expect(body).not.toContain(value!);
    }
    // No secrets, the member's own included: no hash or code key, and none of their values.
    for (const key of [
      'passwordHash',
      'password_hash',
      'tokenHash',
      'codeHash',
      'handoverCode',
      'tokenVersion',
      'ticketHash',
    ])
      expect(body).not.toContain(key);
    for (const value of [
      me.passwordHash!,
      'handover-hash-value-0001',
      'handover-hash-value-0002',
      'sealed-code-value-0002',
      'reset-token-hash-0003',
    ])
      expect(body).not.toContain(value);
  });

  it('is a JSON attachment named for the day, and needs a signed-in member', async () => {
    const me = await createUser(t.db, { role: 'dayscholar' });
    const res = await exportAs(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="campusrun-data-${day}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ profile: { id: me.id }, requests: [], deliveries: [], messages: [] });

    const signedOut = await exportAs(null);
    expect(signedOut.statusCode).toBe(401);
  });

  it('allows 3 downloads an hour; the 4th is 429 with its message', async () => {
    const me = await createUser(t.db, { role: 'hosteller' });
    for (let i = 0; i < 3; i++) expect((await exportAs(me)).statusCode).toBe(200);
    const fourth = await exportAs(me);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ message: EXPORT_MESSAGES.tooMany, code: 'RATE_LIMITED' });
    // Another member's downloads are counted apart.
    expect((await exportAs(await createUser(t.db, { role: 'hosteller' }))).statusCode).toBe(200);
  });

  it('writes a long chat history in parts, every message once and in order', async () => {
    const me = await createUser(t.db, { role: 'hosteller' });
    const partner = await createUser(t.db, { role: 'dayscholar' });
    // More than two pages of messages, many sent at the very same moment.
    const at = new Date();
    const rows = Array.from({ length: 1_100 }, (_, i) => ({
      senderId: i % 2 ? me.id : partner.id,
      receiverId: i % 2 ? partner.id : me.id,
      content: `message ${i}`,
      sentAt: new Date(at.getTime() + Math.floor(i / 100)),
    }));
    await t.db.insert(messages).values(rows);

    const service = createExportService(
      {
        db: t.db,
        config: t.config,
        log: t.app.log,
        limiter: createLimiterFactory(),
        storage: { url: (key: string) => `/uploads/${key}` } as never,
      },
      { disputePhoto: () => ({ url: '', thumbnailUrl: '' }) },
    );
    const { body } = await service.start({ id: me.id } as never);
    const parts: string[] = [];
    for await (const part of body) parts.push(String(part));
    expect(parts.length).toBeGreaterThan(5);
    const doc = JSON.parse(parts.join(''));
    const ids: string[] = doc.messages.map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(1_100);
    const sentAt: string[] = doc.messages.map((m: { sentAt: string }) => m.sentAt);
    expect(sentAt).toEqual([...sentAt].sort());
  });
});
