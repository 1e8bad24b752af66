/**
 * Trust in the marketplace: who counts as a buyer (and so may be reviewed), no trade across a block,
 * and a suspended seller's products gone by link too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES, PRODUCT_MESSAGES, SALE_MESSAGES, type Offer, type Product } from '@campusrun/shared';
import { products, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createRequest, createUser } from '../../test/factories';

type Headers = { authorization: string };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function person(role: 'hosteller' | 'dayscholar' = 'hosteller', name?: string) {
  const user = await createUser(t.db, { role, ...(name ? { name } : {}) });
  return { ...user, h: await authAs(t, user) };
}
type Person = Awaited<ReturnType<typeof person>>;
async function moderator() {
  const user = await person('dayscholar', 'Mona Moderator');
  await t.db.update(users).set({ isModerator: true }).where(eq(users.id, user.id));
  return user;
}

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const chat = (from: Person, to: Person, content: string, productId?: string) =>
  call('POST', '/chat', from.h, {
    receiverId: to.id,
    content,
    clientId: crypto.randomUUID(),
    ...(productId ? { productId } : {}),
  });
const offer = (productId: string, who: Person, amount: number) =>
  call('POST', `/products/${productId}/offers`, who.h, { amount });
const markSold = (productId: string, seller: Person, buyerId: string) =>
  call('PUT', `/products/${productId}/sold`, seller.h, { buyerId });
const candidates = async (productId: string, seller: Person) =>
  ((await call('GET', `/products/${productId}/buyers`, seller.h)).json().buyers as { id: string }[]).map(
    (b) => b.id,
  );
const review = (productId: string, who: Person, ratingType: 'buyer_to_seller' | 'seller_to_buyer') =>
  call('POST', '/ratings', who.h, { productId, ratingType, rating: 5, comment: 'Smooth sale' });
/** The named buyer confirms buying the product: only then is there a sale to review. */
const confirmSale = async (productId: string, buyer: Person) => {
  const lookup = await call('GET', `/settlements/for?kind=sale&targetId=${productId}`, buyer.h);
  expect((await call('PUT', `/settlements/${lookup.json().settlement.id}/confirm`, buyer.h)).statusCode).toBe(
    200,
  );
};
const notificationsOf = async (who: Person) =>
  (
    (await call('GET', '/notifications', who.h)).json() as { notifications: { message: string }[] }
  ).notifications.map((n) => n.message);
const refusal = (res: { statusCode: number; json(): { message: string } }) => [
  res.statusCode,
  res.json().message,
];

describe('who counts as a buyer', () => {
  it('refuses (400) marking sold to a user who only received an unsolicited message from the seller, and leaves them out of the buyers', async () => {
    const seller = await person('hosteller', 'Sam Seller');
    const stranger = await person('hosteller', 'Tara Target');
    const p = await createProduct(t.db, { seller, name: 'Calculator' });
    expect((await chat(seller, stranger, 'Want my calculator?', p.id)).statusCode).toBe(201);
    // Replying in the thread, without bringing the product up, makes nobody a buyer either.
    expect((await chat(stranger, seller, 'Who is this?')).statusCode).toBe(201);

    expect(await candidates(p.id, seller)).toEqual([]);
    const sold = await markSold(p.id, seller, stranger.id);
    expect(refusal(sold)).toEqual([400, SALE_MESSAGES.buyerNotCandidate]);
    expect(sold.json().errors).toEqual([{ param: 'buyerId', msg: SALE_MESSAGES.buyerNotCandidate }]);
    const after = (await call('GET', `/products/${p.id}`, seller.h)).json().product as Product;
    expect(after.status).toBe('available');
    // Nothing to review: the seller cannot rate the stranger.
    expect((await review(p.id, seller, 'seller_to_buyer')).json().message).toBe(SALE_MESSAGES.notSold);
  });

  it('a sale recorded to someone who never wrote about the product nor offered on it cannot be reviewed', async () => {
    const seller = await person();
    const stranger = await person();
    const p = await createProduct(t.db, { seller, name: 'Old kettle' });
    await chat(seller, stranger, 'Rate me please', p.id);
    await t.db
      .update(products)
      .set({ status: 'sold', buyerId: stranger.id, soldAt: new Date() })
      .where(eq(products.id, p.id));
    expect(refusal(await review(p.id, seller, 'seller_to_buyer'))).toEqual([409, SALE_MESSAGES.notSold]);
    expect(refusal(await review(p.id, stranger, 'buyer_to_seller'))).toEqual([409, SALE_MESSAGES.notSold]);
    expect((await call('GET', `/products/${p.id}/reviews`, seller.h)).json().canReview).toBeNull();
  });

  it('marks sold to a buyer who messaged the seller about the product first; once they confirm, both may review', async () => {
    const seller = await person();
    const buyer = await person();
    const p = await createProduct(t.db, { seller, name: 'Table fan' });
    // A message about another product does not count for this one.
    const elsewhere = await createProduct(t.db, { seller, name: 'Desk' });
    await chat(buyer, seller, 'Is the desk sturdy?', elsewhere.id);
    expect(await candidates(p.id, seller)).toEqual([]);

    await chat(buyer, seller, 'Is the fan still there?', p.id);
    expect(await candidates(p.id, seller)).toEqual([buyer.id]);
    expect((await markSold(p.id, seller, buyer.id)).statusCode).toBe(200);
    await confirmSale(p.id, buyer);
    expect((await review(p.id, seller, 'seller_to_buyer')).statusCode).toBe(201);
    expect((await review(p.id, buyer, 'buyer_to_seller')).statusCode).toBe(201);
  });

  it('marks sold to a buyer who made an offer on the product', async () => {
    const seller = await person();
    const buyer = await person();
    const p = await createProduct(t.db, { seller, name: 'Rice cooker', price: 900 });
    expect((await offer(p.id, buyer, 800)).statusCode).toBe(201);
    expect(await candidates(p.id, seller)).toEqual([buyer.id]);
    expect((await markSold(p.id, seller, buyer.id)).statusCode).toBe(200);
    await confirmSale(p.id, buyer);
    expect((await call('GET', `/products/${p.id}/reviews`, buyer.h)).json().canReview).toMatchObject({
      ratingType: 'buyer_to_seller',
      user: { id: seller.id },
    });
  });
});

/** Both directions of a block: the seller blocks the buyer, or the buyer blocks the seller. */
const directions = [
  ['the seller blocks the buyer', 'seller'],
  ['the buyer blocks the seller', 'buyer'],
] as const;

async function blockedPair(blocker: 'seller' | 'buyer') {
  const seller = await person('hosteller', 'Sid Seller');
  const buyer = await person('hosteller', 'Bina Buyer');
  const [who, whom] = blocker === 'seller' ? [seller, buyer] : [buyer, seller];
  const block = () => call('POST', `/users/${whom.id}/block`, who.h);
  return { seller, buyer, block };
}

describe('blocking stops sales, offers and reviews', () => {
  it.each(directions)('refuses marking sold to a blocked user when %s', async (_, blocker) => {
    const { seller, buyer, block } = await blockedPair(blocker);
    const p = await createProduct(t.db, { seller, name: 'Bookshelf', price: 1500 });
    await offer(p.id, buyer, 1200);
    expect((await block()).statusCode).toBe(200);
    expect(await candidates(p.id, seller)).toEqual([]);
    expect(refusal(await markSold(p.id, seller, buyer.id))).toEqual([403, BLOCK_MESSAGES.cannotSell]);
    const after = (await call('GET', `/products/${p.id}`, seller.h)).json().product as Product;
    expect(after.status).toBe('available');
  });

  it.each(directions)(
    'refuses making, accepting and declining offers between them when %s; the product offers no contact or offer',
    async (_, blocker) => {
      const { seller, buyer, block } = await blockedPair(blocker);
      const p = await createProduct(t.db, { seller, name: 'Mini fridge', price: 6000 });
      const pending = (await offer(p.id, buyer, 5000)).json().offer as Offer;
      const later = await createProduct(t.db, { seller, name: 'Iron', price: 700 });
      await block();

      expect(refusal(await offer(later.id, buyer, 600))).toEqual([403, BLOCK_MESSAGES.cannotOffer]);
      expect(refusal(await call('PUT', `/offers/${pending.id}/accept`, seller.h))).toEqual([
        403,
        BLOCK_MESSAGES.cannotOffer,
      ]);
      expect(refusal(await call('PUT', `/offers/${pending.id}/decline`, seller.h))).toEqual([
        403,
        BLOCK_MESSAGES.cannotOffer,
      ]);
      const offers = (await call('GET', `/products/${p.id}/offers`, seller.h)).json().offers as Offer[];
      expect(offers.map((o) => o.status)).toEqual(['pending']);

      const seen = (await call('GET', `/products/${later.id}`, buyer.h)).json().product as Product;
      expect([seen.can.offer, seen.can.contact]).toEqual([false, false]);

      // The buyer may still withdraw, but the seller hears nothing of it.
      expect((await call('PUT', `/offers/${pending.id}/withdraw`, buyer.h)).statusCode).toBe(200);
      const told = await notificationsOf(seller);
      expect(told.some((m) => m.includes('withdrew'))).toBe(false);
    },
  );

  it.each(directions)(
    'tells a blocked party nothing of the other’s offers and sales when %s',
    async (_, blocker) => {
      const { seller, buyer, block } = await blockedPair(blocker);
      const rival = await person('hosteller', 'Ravi Rival');
      const p = await createProduct(t.db, { seller, name: 'Study lamp', price: 500 });
      await offer(p.id, buyer, 450);
      expect((await call('PUT', `/products/${p.id}/save`, buyer.h)).statusCode).toBe(200);
      const won = (await offer(p.id, rival, 480)).json().offer as Offer;
      await block();

      // Accepting the rival's offer declines the blocked buyer's, without a notice to them.
      expect((await call('PUT', `/offers/${won.id}/accept`, seller.h)).statusCode).toBe(200);
      await call('PUT', `/products/${p.id}/sold`, seller.h, { buyerId: rival.id });
      const told = await notificationsOf(buyer);
      expect(told.filter((m) => m.includes('Study lamp'))).toEqual([]);
      expect(await notificationsOf(rival)).toContain(
        'Sid Seller accepted your offer of ₹480 for Study lamp. Arrange the pickup in chat',
      );
    },
  );

  it.each(directions)('refuses reviewing the other side of a sale when %s', async (_, blocker) => {
    const { seller, buyer, block } = await blockedPair(blocker);
    const p = await createProduct(t.db, { seller, name: 'Cycle lock' });
    await chat(buyer, seller, 'Does the lock come with two keys?', p.id);
    expect((await markSold(p.id, seller, buyer.id)).statusCode).toBe(200);
    await confirmSale(p.id, buyer);
    await block();

    expect(refusal(await review(p.id, seller, 'seller_to_buyer'))).toEqual([
      403,
      BLOCK_MESSAGES.cannotReview,
    ]);
    expect(refusal(await review(p.id, buyer, 'buyer_to_seller'))).toEqual([403, BLOCK_MESSAGES.cannotReview]);
    for (const who of [seller, buyer])
      expect((await call('GET', `/products/${p.id}/reviews`, who.h)).json().canReview).toBeNull();
    for (const who of [seller, buyer])
      expect((await notificationsOf(who)).some((m) => m.includes('reviewed you'))).toBe(false);
  });

  it.each([
    ['the requester blocks the deliverer', 'requester'],
    ['the deliverer blocks the requester', 'deliverer'],
  ] as const)(
    'refuses rating the other party of a completed delivery when %s; neither is offered Rate',
    async (_, blocker) => {
      const requester = await person('hosteller', 'Rita Requester');
      const deliverer = await person('dayscholar', 'Dinesh Deliverer');
      const request = await createRequest(t.db, { requester, deliverer, status: 'completed' });
      const [who, whom] = blocker === 'requester' ? [requester, deliverer] : [deliverer, requester];
      for (const party of [requester, deliverer])
        expect((await call('GET', `/requests/${request.id}`, party.h)).json().request.can.rate).toBe(true);
      await call('POST', `/users/${whom.id}/block`, who.h);
      for (const party of [requester, deliverer])
        expect((await call('GET', `/requests/${request.id}`, party.h)).json().request.can.rate).toBe(false);
      const byRequester = await call('POST', '/ratings', requester.h, {
        requestId: request.id,
        userId: deliverer.id,
        ratingType: 'hosteller_to_dayscholar',
        rating: 1,
      });
      expect(refusal(byRequester)).toEqual([403, BLOCK_MESSAGES.cannotReview]);
      const byDeliverer = await call('POST', '/ratings', deliverer.h, {
        requestId: request.id,
        userId: requester.id,
        ratingType: 'dayscholar_to_hosteller',
        rating: 1,
      });
      expect(refusal(byDeliverer)).toEqual([403, BLOCK_MESSAGES.cannotReview]);
    },
  );
});

describe('a suspended seller’s products', () => {
  let seller: Person;
  let buyer: Person;
  let mod: Person;
  let product: { id: string };

  beforeAll(async () => {
    seller = await person('hosteller', 'Suki Suspended');
    buyer = await person();
    mod = await moderator();
    product = await createProduct(t.db, { seller, name: 'Too-good phone', price: 2000 });
    // Seen, and saved, before the suspension.
    expect((await call('GET', `/products/${product.id}`, buyer.h)).statusCode).toBe(200);
    expect((await call('PUT', `/products/${product.id}/save`, buyer.h)).statusCode).toBe(200);
    const report = await call('POST', '/reports', buyer.h, {
      targetType: 'user',
      targetId: seller.id,
      reason: 'scam',
    });
    const decided = await call('PUT', `/moderation/reports/${report.json().report.id}`, mod.h, {
      action: 'suspend',
      reason: 'Scams',
      days: 7,
    });
    expect(decided.statusCode).toBe(200);
  });

  it('answers 404 by link to everyone but moderators, who still see it', async () => {
    const other = await person('dayscholar');
    for (const who of [buyer, other])
      expect(refusal(await call('GET', `/products/${product.id}`, who.h))).toEqual([
        404,
        PRODUCT_MESSAGES.notFound,
      ]);
    const seen = await call('GET', `/products/${product.id}`, mod.h);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().product.id).toBe(product.id);
  });

  it('refuses offers (404) and lists none', async () => {
    expect(refusal(await offer(product.id, buyer, 1500))).toEqual([404, PRODUCT_MESSAGES.notFound]);
    expect((await call('GET', `/products/${product.id}/offers`, buyer.h)).statusCode).toBe(404);
  });

  it('refuses saves (404) and leaves it out of saved items and the marketplace', async () => {
    const other = await person();
    expect(refusal(await call('PUT', `/products/${product.id}/save`, other.h))).toEqual([
      404,
      PRODUCT_MESSAGES.notFound,
    ]);
    expect((await call('GET', '/products/saved', buyer.h)).json().products).toEqual([]);
    const listed = (await call('GET', '/products?limit=100', other.h)).json().products as Product[];
    expect(listed.map((p) => p.id)).not.toContain(product.id);
  });

  it('refuses a message about it to the seller (404)', async () => {
    const other = await person();
    expect(refusal(await chat(other, seller, 'Is the phone real?', product.id))).toEqual([
      404,
      PRODUCT_MESSAGES.notFound,
    ]);
  });

  it('opens by link again once the suspension is lifted', async () => {
    await call('PUT', `/moderation/users/${seller.id}/unsuspend`, mod.h, { reason: 'Appeal accepted' });
    expect((await call('GET', `/products/${product.id}`, buyer.h)).statusCode).toBe(200);
    expect((await call('GET', '/products/saved', buyer.h)).json().products).toHaveLength(1);
  });
});
