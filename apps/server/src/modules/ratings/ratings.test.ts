import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_MESSAGES } from '@campusrun/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createProduct, createRating, createRequest, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const rate = (h: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/ratings', headers: h, payload });
const summary = (h: Headers, userId: string) =>
  t.app.inject({ method: 'GET', url: `/api/ratings/user/${userId}`, headers: h });

/** A completed delivery between a fresh hosteller and a fresh day scholar. */
async function completedDelivery() {
  const hosteller = await createUser(t.db, { role: 'hosteller', name: 'Asha Rao' });
  const dayScholar = await createUser(t.db, { role: 'dayscholar', name: 'Ravi Kumar' });
  const request = await createRequest(t.db, {
    requester: hosteller,
    deliverer: dayScholar,
    status: 'completed',
  });
  return {
    request,
    hosteller: { ...hosteller, h: await authAs(t, hosteller) },
    dayScholar: { ...dayScholar, h: await authAs(t, dayScholar) },
  };
}

describe('POST /ratings', () => {
  it('lets both parties rate each other once after completion', async () => {
    const { request, hosteller, dayScholar } = await completedDelivery();
    const byHosteller = await rate(hosteller.h, {
      userId: dayScholar.id,
      requestId: request.id,
      rating: 5,
      comment: '  On time, thanks!  ',
      ratingType: 'hosteller_to_dayscholar',
    });
    expect(byHosteller.statusCode).toBe(201);
    expect(byHosteller.json()).toEqual({
      message: 'Rating submitted successfully',
      rating: {
        id: expect.any(String),
        requestId: request.id,
        productId: null,
        raterId: hosteller.id,
        userId: dayScholar.id,
        rating: 5,
        comment: 'On time, thanks!',
        ratingType: 'hosteller_to_dayscholar',
        createdAt: expect.any(String),
      },
    });
    const byDayScholar = await rate(dayScholar.h, {
      userId: hosteller.id,
      requestId: request.id,
      rating: 4,
      ratingType: 'dayscholar_to_hosteller',
    });
    expect(byDayScholar.statusCode).toBe(201);
    expect(byDayScholar.json().rating.comment).toBeNull();

    for (const [who, other, type] of [
      [hosteller, dayScholar, 'hosteller_to_dayscholar'],
      [dayScholar, hosteller, 'dayscholar_to_hosteller'],
    ] as const) {
      const again = await rate(who.h, {
        userId: other.id,
        requestId: request.id,
        rating: 1,
        ratingType: type,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'You have already rated this delivery',
        code: 'CONFLICT',
        reason: 'conflict',
      });
    }
    expect((await summary(hosteller.h, dayScholar.id)).json()).toEqual({ rating: { average: 5, count: 1 } });
  });

  it('flips viewerHasRated and shows the stars given on the request for the rater only, so the Rate button can go', async () => {
    const { request, hosteller, dayScholar } = await completedDelivery();
    const hasRated = async (h: Headers) =>
      (await t.app.inject({ method: 'GET', url: `/api/requests/${request.id}`, headers: h })).json().request
        .viewerHasRated;
    expect(await hasRated(hosteller.h)).toBe(false);
    expect(await hasRated(dayScholar.h)).toBe(false);
    await rate(hosteller.h, {
      userId: dayScholar.id,
      requestId: request.id,
      rating: 3,
      ratingType: 'hosteller_to_dayscholar',
    });
    expect(await hasRated(hosteller.h)).toBe(true);
    expect(await hasRated(dayScholar.h)).toBe(false);
    const stars = async (h: Headers) =>
      (await t.app.inject({ method: 'GET', url: `/api/requests/${request.id}`, headers: h })).json().request
        .viewerRating;
    // The rater sees the stars they gave; the other party does not.
    expect(await stars(hosteller.h)).toBe(3);
    expect(await stars(dayScholar.h)).toBeNull();
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/requests/my-requests',
      headers: hosteller.h,
    });
    expect(mine.json().requests[0].viewerHasRated).toBe(true);
  });

  it('refuses ratings before completion, by strangers, in the wrong direction or for the wrong user', async () => {
    const hosteller = await createUser(t.db, { role: 'hosteller' });
    const dayScholar = await createUser(t.db, { role: 'dayscholar' });
    const stranger = await createUser(t.db, { role: 'dayscholar' });
    const hh = await authAs(t, hosteller);
    const accepted = await createRequest(t.db, {
      requester: hosteller,
      deliverer: dayScholar,
      status: 'accepted',
    });
    const completed = await createRequest(t.db, {
      requester: hosteller,
      deliverer: dayScholar,
      status: 'completed',
    });
    const good = { userId: dayScholar.id, rating: 4, ratingType: 'hosteller_to_dayscholar' };

    const early = await rate(hh, { ...good, requestId: accepted.id });
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'You can rate only after the delivery is completed',
    ]);

    const outsider = await rate(await authAs(t, stranger), {
      userId: hosteller.id,
      requestId: completed.id,
      rating: 4,
      ratingType: 'dayscholar_to_hosteller',
    });
    expect([outsider.statusCode, outsider.json().message]).toEqual([
      403,
      'Only the requester and the deliverer of this request can rate it',
    ]);

    const wrongType = await rate(hh, {
      ...good,
      requestId: completed.id,
      ratingType: 'dayscholar_to_hosteller',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual([
      { param: 'ratingType', msg: 'This rating type does not match your side of the delivery' },
    ]);

    for (const userId of [hosteller.id, stranger.id]) {
      const wrongUser = await rate(hh, { ...good, requestId: completed.id, userId });
      expect(wrongUser.statusCode).toBe(400);
      expect(wrongUser.json().errors).toEqual([
        { param: 'userId', msg: 'You can only rate the other party of this delivery' },
      ]);
    }

    const unknown = await rate(hh, { ...good, requestId: '3f0b3e5e-6a0e-4f0c-9d1e-2b7a4c5d6e7f' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Request not found']);
  });

  it("validates the body with 'Please select a rating' first", async () => {
    const { request, hosteller, dayScholar } = await completedDelivery();
    const base = { userId: dayScholar.id, requestId: request.id, ratingType: 'hosteller_to_dayscholar' };
    for (const rating of [undefined, 0, 6, 2.5, 'five', null]) {
      const res = await rate(hosteller.h, { ...base, rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please select a rating');
    }
    const long = await rate(hosteller.h, { ...base, rating: 4, comment: 'x'.repeat(501) });
    expect(long.json().errors).toEqual([{ param: 'comment', msg: 'Comment must be at most 500 characters' }]);
    const badType = await rate(hosteller.h, { ...base, rating: 4, ratingType: 'anyone' });
    expect(badType.statusCode).toBe(400);
    const badIds = await rate(hosteller.h, { ...base, rating: 4, requestId: 'x', userId: 'y' });
    expect(badIds.json().errors.map((e: { param: string }) => e.param)).toEqual(['userId', 'requestId']);
  });

  it('two concurrent submissions in the same direction store one rating', async () => {
    const { request, hosteller, dayScholar } = await completedDelivery();
    const body = {
      userId: dayScholar.id,
      requestId: request.id,
      rating: 5,
      ratingType: 'hosteller_to_dayscholar',
    };
    const codes = (await Promise.all([rate(hosteller.h, body), rate(hosteller.h, body)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([201, 409]);
  });
});

describe('sale reviews', () => {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, h: Headers, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) });
  const person = async (name: string) => {
    const user = await createUser(t.db, { role: 'hosteller', name });
    return { ...user, h: await authAs(t, user) };
  };
  type Person = Awaited<ReturnType<typeof person>>;
  const review = (productId: string, who: Person, ratingType: 'seller_to_buyer' | 'buyer_to_seller') =>
    call('POST', '/ratings', who.h, { productId, ratingType, rating: 1, comment: 'Never paid' });
  const refusal = (res: { statusCode: number; json(): { message: string; reason: string } }) => [
    res.statusCode,
    res.json().reason,
    res.json().message,
  ];
  const notConfirmed = [409, 'notConfirmed', SALE_MESSAGES.notConfirmed];
  const notSold = [409, 'notSold', SALE_MESSAGES.notSold];

  /** A product of `seller` that `buyer` asked about, marked sold to them by the seller alone. */
  async function markedSold(seller: Person, buyer: Person) {
    const product = await createProduct(t.db, { seller, name: 'Study table', price: 900 });
    await call('POST', '/chat', buyer.h, {
      receiverId: seller.id,
      content: 'Still there?',
      productId: product.id,
    });
    expect(
      (await call('PUT', `/products/${product.id}/sold`, seller.h, { buyerId: buyer.id })).statusCode,
    ).toBe(200);
    const lookup = await call('GET', `/settlements/for?kind=sale&targetId=${product.id}`, buyer.h);
    return { product, settlementId: lookup.json().settlement.id as string };
  }

  it('finding 2: a seller cannot review a buyer who never confirmed the sale', async () => {
    const seller = await person('Sonu Seller');
    const asker = await person('Anu Asker');
    const stranger = await person('Sam Stranger');
    const { product, settlementId } = await markedSold(seller, asker);

    // Marked sold by the seller alone: neither side reviews, and the Review button stays away.
    expect(refusal(await review(product.id, seller, 'seller_to_buyer'))).toEqual(notConfirmed);
    expect(refusal(await review(product.id, asker, 'buyer_to_seller'))).toEqual(notConfirmed);
    expect(refusal(await review(product.id, stranger, 'buyer_to_seller'))).toEqual(notSold);
    const seen = (await call('GET', `/products/${product.id}/reviews`, seller.h)).json();
    expect(seen).toMatchObject({ buyer: { id: asker.id }, canReview: null });
    // The seller cannot confirm in the buyer's place.
    expect(
      (await call('PUT', `/settlements/${settlementId}/confirm`, seller.h)).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(refusal(await review(product.id, seller, 'seller_to_buyer'))).toEqual(notConfirmed);

    // The buyer says they did not buy it: there is no sale to review, though the product stays sold.
    expect((await call('PUT', `/settlements/${settlementId}/decline`, asker.h)).statusCode).toBe(200);
    expect((await call('GET', `/products/${product.id}`, seller.h)).json().product.status).toBe('sold');
    expect(refusal(await review(product.id, seller, 'seller_to_buyer'))).toEqual(notSold);
    expect(refusal(await review(product.id, asker, 'buyer_to_seller'))).toEqual(notSold);
    expect((await call('GET', `/products/${product.id}/reviews`, seller.h)).json().canReview).toBeNull();
    expect((await summary(stranger.h, asker.id)).json().rating.count).toBe(0);

    // A buyer who confirms: both may review, each once.
    const buyer = await person('Bina Buyer');
    const sale = await markedSold(seller, buyer);
    expect(refusal(await review(sale.product.id, seller, 'seller_to_buyer'))).toEqual(notConfirmed);
    expect((await call('PUT', `/settlements/${sale.settlementId}/confirm`, buyer.h)).statusCode).toBe(200);
    expect(
      (await call('GET', `/products/${sale.product.id}/reviews`, seller.h)).json().canReview,
    ).toMatchObject({
      ratingType: 'seller_to_buyer',
      user: { id: buyer.id },
    });
    expect((await review(sale.product.id, seller, 'seller_to_buyer')).statusCode).toBe(201);
    expect((await review(sale.product.id, buyer, 'buyer_to_seller')).statusCode).toBe(201);
    expect(refusal(await review(sale.product.id, stranger, 'buyer_to_seller'))[0]).toBe(403);
  });
});

describe('GET /ratings/user/{userId}', () => {
  it('averages to one decimal and counts; zero without ratings', async () => {
    const rated = await createUser(t.db, { role: 'dayscholar' });
    const viewer = await authAs(t, await createUser(t.db, { role: 'hosteller' }));
    expect((await summary(viewer, rated.id)).json()).toEqual({ rating: { average: 0, count: 0 } });
    for (const stars of [5, 4, 4]) {
      const requester = await createUser(t.db, { role: 'hosteller' });
      const request = await createRequest(t.db, { requester, deliverer: rated, status: 'completed' });
      await createRating(t.db, {
        request,
        rater: requester,
        user: rated,
        rating: stars,
        type: 'hosteller_to_dayscholar',
      });
    }
    expect((await summary(viewer, rated.id)).json()).toEqual({ rating: { average: 4.3, count: 3 } });
  });

  it("answers 404 'User not found' for unknown or malformed ids, 401 without a session", async () => {
    const viewer = await authAs(t, await createUser(t.db, { role: 'hosteller' }));
    for (const id of ['3f0b3e5e-6a0e-4f0c-9d1e-2b7a4c5d6e7f', 'abc']) {
      const res = await summary(viewer, id);
      expect([res.statusCode, res.json().message]).toEqual([404, 'User not found']);
    }
    expect((await summary({}, '3f0b3e5e-6a0e-4f0c-9d1e-2b7a4c5d6e7f')).statusCode).toBe(401);
  });
});
