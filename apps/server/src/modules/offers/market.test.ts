/**
 * Offers, saved items, selling to a named buyer with reviews, and public profiles: who may do what,
 * what each side sees and hears, and the offer race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_MESSAGES, SALE_MESSAGES, type Offer, type Product } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createUser } from '../../test/factories';
import { jpegWithGps, multipartBody } from '../../test/images';

type Headers = { authorization: string };
let t: TestApp;
let seller: { id: string; tokenVersion: number };
let buyer: { id: string; tokenVersion: number };
let other: { id: string; tokenVersion: number };
let sellerH: Headers, buyerH: Headers, otherH: Headers, dayH: Headers;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createUser(t.db, { role: 'hosteller', name: 'Sita Seller' });
  buyer = await createUser(t.db, { role: 'hosteller', name: 'Bala Buyer' });
  other = await createUser(t.db, { role: 'hosteller', name: 'Omar Other' });
  const day = await createUser(t.db, { role: 'dayscholar', name: 'Divya Day' });
  [sellerH, buyerH, otherH, dayH] = await Promise.all([seller, buyer, other, day].map((u) => authAs(t, u)));
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const offer = (productId: string, headers: Headers, amount: unknown) =>
  call('POST', `/products/${productId}/offers`, headers, { amount });
/** The named buyer confirms buying the product: only then is there a sale to review. */
const confirmSale = async (productId: string, headers: Headers) => {
  const lookup = await call('GET', `/settlements/for?kind=sale&targetId=${productId}`, headers);
  const res = await call('PUT', `/settlements/${lookup.json().settlement.id}/confirm`, headers);
  expect(res.statusCode).toBe(200);
};
const notificationsOf = async (headers: Headers) =>
  (
    (await call('GET', '/notifications', headers)).json() as { notifications: { message: string }[] }
  ).notifications.map((n) => n.message);

describe('offers', () => {
  it('a buyer offers 1…10× the price once at a time; the seller, a sold product and bad amounts are refused', async () => {
    const p = await createProduct(t.db, { seller, name: 'Kettle', price: 400, isNegotiable: true });
    expect((await offer(p.id, sellerH, 300)).statusCode).toBe(403);
    expect((await offer(p.id, buyerH, 0)).json().errors[0].msg).toBe(OFFER_MESSAGES.amountMin);
    expect((await offer(p.id, buyerH, 12.5)).json().errors[0].msg).toBe(OFFER_MESSAGES.amountInvalid);
    expect((await offer(p.id, buyerH, 4001)).json().errors[0].msg).toBe(OFFER_MESSAGES.amountMax);

    const made = await offer(p.id, buyerH, 350);
    expect(made.statusCode).toBe(201);
    expect(made.json().offer).toMatchObject({ amount: 350, status: 'pending', buyer: { id: buyer.id } });
    const again = await offer(p.id, buyerH, 360);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFER_MESSAGES.pendingExists);

    // The offer is a card in the chat between them, and the seller hears of it.
    const thread = await call('GET', `/chat/conversation/${buyer.id}`, sellerH);
    const card = thread.json().messages.at(-1);
    expect(card).toMatchObject({
      senderId: buyer.id,
      content: 'Offered ₹350 for Kettle',
      offer: { id: made.json().offer.id, amount: 350, status: 'pending' },
      product: { id: p.id, name: 'Kettle', price: 400, status: 'available' },
    });
    // The product's card shows its first photo's thumbnail.
    expect(card.product.thumbnail).toMatch(/_thumb\.webp$/);
    // Announced as an offer, not as "sent you a message".
    expect(await notificationsOf(sellerH)).toContain('Bala Buyer offered ₹350 for Kettle');

    // The seller sees every offer, a buyer only their own.
    await offer(p.id, otherH, 380);
    expect((await call('GET', `/products/${p.id}/offers`, sellerH)).json().offers).toHaveLength(2);
    const mine = (await call('GET', `/products/${p.id}/offers`, buyerH)).json().offers as Offer[];
    expect(mine.map((o) => o.buyer.id)).toEqual([buyer.id]);

    const sold = await createProduct(t.db, { seller, name: 'Sold lamp', status: 'sold' });
    expect((await offer(sold.id, buyerH, 100)).json().message).toBe(OFFER_MESSAGES.notAvailable);
  });

  it('only the seller accepts or declines, only the buyer withdraws; accepting reserves and declines the rest', async () => {
    const p = await createProduct(t.db, { seller, name: 'Chair', price: 900 });
    const a = (await offer(p.id, buyerH, 800)).json().offer as Offer;
    const b = (await offer(p.id, otherH, 850)).json().offer as Offer;

    expect((await call('PUT', `/offers/${a.id}/accept`, buyerH)).statusCode).toBe(403);
    expect((await call('PUT', `/offers/${a.id}/decline`, otherH)).statusCode).toBe(403);
    expect((await call('PUT', `/offers/${a.id}/withdraw`, sellerH)).statusCode).toBe(403);
    expect((await call('PUT', `/offers/${a.id}/withdraw`, dayH)).statusCode).toBe(403);

    const accepted = await call('PUT', `/offers/${a.id}/accept`, sellerH);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().offer.status).toBe('accepted');
    const product = (await call('GET', `/products/${p.id}`, buyerH)).json().product as Product;
    expect(product.status).toBe('reserved');
    const others = (await call('GET', `/products/${p.id}/offers`, otherH)).json().offers as Offer[];
    expect(others.find((o) => o.id === b.id)!.status).toBe('declined');
    // The buyer hears the agreed price and what to do next.
    expect(await notificationsOf(buyerH)).toContain(
      'Sita Seller accepted your offer of ₹800 for Chair. Arrange the pickup in chat',
    );
    expect(await notificationsOf(otherH)).toContain(
      'Your offer for Chair was declined: it is reserved for another buyer',
    );
    // Nothing left to decide.
    expect((await call('PUT', `/offers/${b.id}/withdraw`, otherH)).json().message).toBe(
      OFFER_MESSAGES.notPending,
    );

    // Back to available: the reservation (the accepted offer) ends.
    await call('PATCH', `/products/${p.id}/status`, sellerH, { status: 'available' });
    const after = (await call('GET', `/products/${p.id}/offers`, buyerH)).json().offers as Offer[];
    expect(after[0]!.status).toBe('declined');
  });

  it('two accepts at once on one product leave exactly one accepted', async () => {
    const p = await createProduct(t.db, { seller, name: 'Bicycle', price: 3000 });
    const a = (await offer(p.id, buyerH, 2500)).json().offer as Offer;
    const b = (await offer(p.id, otherH, 2600)).json().offer as Offer;
    const results = await Promise.all([
      call('PUT', `/offers/${a.id}/accept`, sellerH),
      call('PUT', `/offers/${b.id}/accept`, sellerH),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const all = (await call('GET', `/products/${p.id}/offers`, sellerH)).json().offers as Offer[];
    expect(all.filter((o) => o.status === 'accepted')).toHaveLength(1);
    expect(all.filter((o) => o.status === 'declined')).toHaveLength(1);
  });

  it('a buyer withdraws their pending offer and may offer again', async () => {
    const p = await createProduct(t.db, { seller, name: 'Mirror', price: 200 });
    const a = (await offer(p.id, buyerH, 150)).json().offer as Offer;
    const w = await call('PUT', `/offers/${a.id}/withdraw`, buyerH);
    expect(w.json().offer.status).toBe('withdrawn');
    expect(await notificationsOf(sellerH)).toContain('Bala Buyer withdrew their offer for Mirror');
    expect((await offer(p.id, buyerH, 160)).statusCode).toBe(201);
  });
});

describe('saved items', () => {
  it('saves and unsaves; isSaved follows the viewer; savers hear of a price drop, a sale and a deletion', async () => {
    const p = await createProduct(t.db, { seller, name: 'Guitar', price: 5000 });
    expect((await call('PUT', `/products/${p.id}/save`, sellerH)).statusCode).toBe(400);
    expect((await call('PUT', `/products/${p.id}/save`, buyerH)).json()).toEqual({
      isSaved: true,
      message: 'Saved',
    });
    expect((await call('GET', `/products/${p.id}`, buyerH)).json().product.isSaved).toBe(true);
    expect((await call('GET', `/products/${p.id}`, otherH)).json().product.isSaved).toBe(false);
    const listed = (await call('GET', '/products?limit=50', buyerH)).json().products as Product[];
    expect(listed.find((x) => x.id === p.id)!.isSaved).toBe(true);
    const saved = (await call('GET', '/products/saved', buyerH)).json();
    expect(saved.products.map((x: Product) => x.name)).toEqual(['Guitar']);
    expect(saved.products[0].isSaved).toBe(true);

    // A price drop reaches the saver (the seller edits through the API).
    const form = multipartBody({ name: 'Guitar', description: 'A working LED desk lamp', price: '4500' });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: { ...sellerH, ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode).toBe(200);
    expect(await notificationsOf(buyerH)).toContain('Price drop: Guitar is now ₹4,500');

    await call('PATCH', `/products/${p.id}/status`, sellerH, { status: 'reserved' });
    expect(await notificationsOf(buyerH)).toContain('Guitar was reserved');
    await call('DELETE', `/products/${p.id}`, sellerH);
    expect(await notificationsOf(buyerH)).toContain('Guitar, which you saved, was deleted');
    expect((await call('GET', '/products/saved', buyerH)).json().products).toEqual([]);
  });

  it('unsaving clears isSaved', async () => {
    const p = await createProduct(t.db, { seller, name: 'Lamp 2' });
    await call('PUT', `/products/${p.id}/save`, otherH);
    expect((await call('DELETE', `/products/${p.id}/save`, otherH)).json().isSaved).toBe(false);
    expect((await call('GET', `/products/${p.id}`, otherH)).json().product.isSaved).toBe(false);
  });
});

describe('sold to a buyer, reviews and profiles', () => {
  it('the seller names a buyer who offered or chatted; once they confirm, both review each other once; profiles show it', async () => {
    const p = await createProduct(t.db, { seller, name: 'Textbook', price: 300 });
    // Not a candidate yet.
    const early = await call('PUT', `/products/${p.id}/sold`, sellerH, { buyerId: buyer.id });
    expect(early.json().message).toBe(SALE_MESSAGES.buyerNotCandidate);
    await call('POST', '/chat', buyerH, { receiverId: seller.id, content: 'Still there?', productId: p.id });
    const buyers = (await call('GET', `/products/${p.id}/buyers`, sellerH)).json().buyers;
    expect(buyers.map((b: { id: string }) => b.id)).toEqual([buyer.id]);
    expect((await call('GET', `/products/${p.id}/buyers`, buyerH)).statusCode).toBe(403);
    expect((await call('PUT', `/products/${p.id}/sold`, buyerH, { buyerId: buyer.id })).statusCode).toBe(403);

    // Reviews wait for the sale.
    const tooSoon = await call('POST', '/ratings', buyerH, {
      productId: p.id,
      ratingType: 'buyer_to_seller',
      rating: 5,
    });
    expect(tooSoon.json().message).toBe(SALE_MESSAGES.notSold);

    const sold = await call('PUT', `/products/${p.id}/sold`, sellerH, { buyerId: buyer.id });
    expect(sold.json().product.status).toBe('sold');
    // And for the buyer's word that they bought it.
    const unconfirmed = await call('POST', '/ratings', sellerH, {
      productId: p.id,
      ratingType: 'seller_to_buyer',
      rating: 4,
    });
    expect(unconfirmed.json().message).toBe(SALE_MESSAGES.notConfirmed);
    await confirmSale(p.id, buyerH);

    const asBuyer = (await call('GET', `/products/${p.id}/reviews`, buyerH)).json();
    expect(asBuyer.canReview).toMatchObject({ ratingType: 'buyer_to_seller', user: { id: seller.id } });
    expect((await call('GET', `/products/${p.id}/reviews`, otherH)).json()).toEqual({
      buyer: null,
      reviews: [],
      canReview: null,
    });

    const wrongSide = await call('POST', '/ratings', buyerH, {
      productId: p.id,
      ratingType: 'seller_to_buyer',
      rating: 4,
    });
    expect(wrongSide.json().message).toBe(SALE_MESSAGES.wrongType);
    const stranger = await call('POST', '/ratings', otherH, {
      productId: p.id,
      ratingType: 'buyer_to_seller',
      rating: 1,
    });
    expect(stranger.statusCode).toBe(403);

    const byBuyer = await call('POST', '/ratings', buyerH, {
      productId: p.id,
      ratingType: 'buyer_to_seller',
      rating: 5,
      comment: 'Great book',
    });
    expect(byBuyer.statusCode).toBe(201);
    const twice = await call('POST', '/ratings', buyerH, {
      productId: p.id,
      ratingType: 'buyer_to_seller',
      rating: 3,
    });
    expect(twice.json().message).toBe(SALE_MESSAGES.duplicate);
    const bySeller = await call('POST', '/ratings', sellerH, {
      productId: p.id,
      ratingType: 'seller_to_buyer',
      rating: 4,
      comment: 'Paid on time',
    });
    expect(bySeller.statusCode).toBe(201);
    expect((await call('GET', `/products/${p.id}/reviews`, buyerH)).json().canReview).toBeNull();

    const sellerProfile = await call('GET', `/users/${seller.id}/profile`, otherH);
    expect(sellerProfile.statusCode).toBe(200);
    // Listings carry the seller's hostel block; the profile never their room, e-mail or phone.
    expect(sellerProfile.body).not.toMatch(/email|phoneNumber|roomNumber/);
    const profile = sellerProfile.json().profile;
    expect(profile.ratings.asSeller).toEqual({ average: 5, count: 1 });
    expect(profile.reviews[0]).toMatchObject({
      comment: 'Great book',
      rater: { id: buyer.id, name: 'Bala Buyer' },
    });
    expect(profile.stats.itemsSold).toBeGreaterThanOrEqual(1);
    const buyerProfile = (await call('GET', `/users/${buyer.id}/profile`, otherH)).json().profile;
    expect(buyerProfile.ratings.asBuyer).toEqual({ average: 4, count: 1 });
    expect(buyerProfile.reviews[0].comment).toBe('Paid on time');
    expect((await call('GET', `/users/${crypto.randomUUID()}/profile`, otherH)).statusCode).toBe(404);
  });

  it('a chat message may carry a product only when one of the two sells it', async () => {
    const p = await createProduct(t.db, { seller, name: 'Fan' });
    const refused = await call('POST', '/chat', buyerH, {
      receiverId: other.id,
      content: 'hi',
      productId: p.id,
    });
    expect(refused.statusCode).toBe(400);
    const ok = await call('POST', '/chat', buyerH, {
      receiverId: seller.id,
      content: 'Is the fan quiet?',
      productId: p.id,
    });
    expect(ok.json().message.product).toMatchObject({ id: p.id, name: 'Fan', status: 'available' });
  });
});

describe('day scholars in the marketplace', () => {
  it('a day scholar lists, opens, saves, offers on and asks about a product, is sold to, confirms and both review', async () => {
    const day = await createUser(t.db, { role: 'dayscholar', name: 'Dia Scholar' });
    const h = await authAs(t, day);
    const p = await createProduct(t.db, { seller, name: 'Lady Bird cycle', price: 3000, isNegotiable: true });

    const list = (await call('GET', '/products?search=Lady%20Bird', h)).json().products as Product[];
    expect(list.map((x) => x.id)).toContain(p.id);
    const opened = await call('GET', `/products/${p.id}`, h);
    expect(opened.statusCode).toBe(200);
    // A buyer's buttons, none of the seller's.
    expect(opened.json().product.can).toEqual({
      edit: false,
      contact: true,
      markSold: false,
      delete: false,
      report: true,
      offer: true,
      save: true,
    });

    expect((await call('PUT', `/products/${p.id}/save`, h)).json().isSaved).toBe(true);
    const saved = (await call('GET', '/products/saved', h)).json().products as Product[];
    expect(saved.map((x) => x.id)).toEqual([p.id]);

    const asked = await call('POST', '/chat', h, {
      receiverId: seller.id,
      content: 'Is this still available?',
      productId: p.id,
    });
    expect(asked.statusCode).toBe(201);
    const made = await offer(p.id, h, 2800);
    expect(made.statusCode).toBe(201);
    const accepted = await call('PUT', `/offers/${made.json().offer.id}/accept`, sellerH);
    expect(accepted.statusCode).toBe(200);

    const sold = await call('PUT', `/products/${p.id}/sold`, sellerH, { buyerId: day.id });
    expect(sold.json().product.status).toBe('sold');
    await confirmSale(p.id, h);
    expect((await call('GET', `/products/${p.id}/reviews`, h)).json().canReview).toMatchObject({
      ratingType: 'buyer_to_seller',
      user: { id: seller.id },
    });
    const byBuyer = await call('POST', '/ratings', h, {
      productId: p.id,
      ratingType: 'buyer_to_seller',
      rating: 5,
    });
    expect(byBuyer.statusCode).toBe(201);
    const bySeller = await call('POST', '/ratings', sellerH, {
      productId: p.id,
      ratingType: 'seller_to_buyer',
      rating: 5,
    });
    expect(bySeller.statusCode).toBe(201);
  });

  it('a day scholar cannot list, edit, mark sold, see the buyers of or accept offers on a product', async () => {
    const day = await createUser(t.db, { role: 'dayscholar' });
    const h = await authAs(t, day);
    const p = await createProduct(t.db, { seller, name: 'Desk lamp', price: 500 });
    const made = (await offer(p.id, buyerH, 450)).json().offer as Offer;

    const form = multipartBody({
      name: 'Lamp',
      description: 'Bright',
      price: '100',
      category: 'electronics',
    });
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
    expect(listed.statusCode).toBe(403);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode).toBe(403);
    expect((await call('PATCH', `/products/${p.id}/status`, h, { status: 'sold' })).statusCode).toBe(403);
    expect((await call('PUT', `/products/${p.id}/sold`, h, { buyerId: null })).statusCode).toBe(403);
    expect((await call('GET', `/products/${p.id}/buyers`, h)).statusCode).toBe(403);
    expect((await call('PUT', `/offers/${made.id}/accept`, h)).statusCode).toBe(403);
    expect((await call('DELETE', `/products/${p.id}`, h)).statusCode).toBe(403);
    expect((await call('GET', `/products/${p.id}`, h)).json().product.status).toBe('available');
  });
});

describe('who bought it', () => {
  it('the buyers list names the buyer whose offer was accepted, and nobody once the reservation ends', async () => {
    const p = await createProduct(t.db, { seller, name: 'Study table', price: 1500 });
    const a = (await offer(p.id, buyerH, 1200)).json().offer as Offer;
    await offer(p.id, otherH, 1300);
    const before = (await call('GET', `/products/${p.id}/buyers`, sellerH)).json();
    expect(before.buyers.map((b: { id: string }) => b.id).sort()).toEqual([buyer.id, other.id].sort());
    expect(before.acceptedBuyerId).toBeNull();
    expect(before.acceptedAmount).toBeNull();

    await call('PUT', `/offers/${a.id}/accept`, sellerH);
    const after = (await call('GET', `/products/${p.id}/buyers`, sellerH)).json();
    expect(after.acceptedBuyerId).toBe(buyer.id);
    expect(after.acceptedAmount).toBe(1200);

    await call('PATCH', `/products/${p.id}/status`, sellerH, { status: 'available' });
    expect((await call('GET', `/products/${p.id}/buyers`, sellerH)).json().acceptedBuyerId).toBeNull();
  });
});

describe('photo messages', () => {
  const sendPhoto = async (
    headers: Headers,
    fields: Record<string, string>,
    file?: { name: string; data: Buffer },
  ) => {
    const form = multipartBody(
      fields,
      file ? [{ field: 'photo', filename: file.name, contentType: 'image/jpeg', data: file.data }] : [],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/chat/photo',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('stores a re-encoded photo without its metadata; refuses non-images, big files and a missing photo', async () => {
    const sharp = (await import('sharp')).default;
    const sent = await sendPhoto(
      buyerH,
      { receiverId: seller.id, clientId: 'photo-1' },
      { name: 'desk.jpg', data: await jpegWithGps() },
    );
    expect(sent.statusCode).toBe(201);
    const message = sent.json().message;
    expect(message).toMatchObject({
      content: 'Photo',
      senderId: buyer.id,
      image: expect.stringMatching(/^\/uploads\/chat\/.+\.webp\?exp=\d+&sig=[\w-]+$/),
    });
    const served = await t.app.inject({ method: 'GET', url: message.image });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // The receiver reads it in the thread.
    const thread = await call('GET', `/chat/conversation/${buyer.id}`, sellerH);
    const shown: string = thread.json().messages.at(-1).image;
    expect(shown.split('?')[0]).toBe(message.image.split('?')[0]);

    const notImage = await sendPhoto(
      buyerH,
      { receiverId: seller.id },
      { name: 'x.jpg', data: Buffer.from('not an image at all') },
    );
    expect(notImage.statusCode).toBe(415);
    const missing = await sendPhoto(buyerH, { receiverId: seller.id });
    expect(missing.json().message).toBe('Choose a photo to send');
    const big = await sendPhoto(
      buyerH,
      { receiverId: seller.id },
      { name: 'big.jpg', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Photos can be at most 5 MB');
  });
});
