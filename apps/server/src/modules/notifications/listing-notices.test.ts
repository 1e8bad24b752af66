/**
 * A followed seller's new listing as the notifications writer tells it: never while moderation
 * holds or removed the listing, or while its seller is suspended. (Following, grouping and blocks,
 * through the whole app: follows/follows.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification } from '@campusrun/shared';
import { products, users } from '../../db/schema';
import { createEvents } from '../../lib/events';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser } from '../../test/factories';
import { registerNotificationWriter } from './notifications.writer';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("a followed seller's new listing", () => {
  it('is never told while moderation holds or removed it, or while its seller is suspended', async () => {
    const seller = await createUser(t.db, { role: 'hosteller', name: 'Held Seller' });
    const fan = await createUser(t.db, { role: 'dayscholar' });
    const fanH = await authAs(t, fan);
    const followed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${seller.id}/follow`,
      headers: fanH,
    });
    expect(followed.statusCode).toBe(200);
    const notices = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: fanH })).json()
          .notifications as AppNotification[]
      ).filter((n) => n.data.sellerId === seller.id);

    // The writer as the app registers it, on events of this test's own: a listing whose state is
    // set before its `product.created` is handled (a hold can land between the two).
    const events = createEvents({ error: () => undefined });
    registerNotificationWriter({ db: t.db, events });
    const listed = async (moderation: 'visible' | 'held' | 'removed' = 'visible') => {
      const product = await createProduct(t.db, { seller, name: `Lamp (${moderation})` });
      await t.db.update(products).set({ moderation }).where(eq(products.id, product.id));
      await events.emit({ type: 'product.created', productId: product.id, sellerId: seller.id });
      return product;
    };

    await listed('held');
    await listed('removed');
    expect(await notices()).toEqual([]);

    await t.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: null })
      .where(eq(users.id, seller.id));
    await listed();
    expect(await notices()).toEqual([]);

    // The same path tells of a visible listing of a seller in good standing.
    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, seller.id));
    const visible = await listed();
    expect(await notices()).toMatchObject([
      { message: 'Held Seller listed Lamp (visible)', data: { productId: visible.id, sellerId: seller.id } },
    ]);
  });
});
