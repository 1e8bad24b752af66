/**
 * Wanted posts: posting (rules, messages, the limit), the lists, renewing, closing and deleting
 * one's own; answering "I have one" (a chat message with the wanted post as a card, optionally one's
 * own listing); and the poster's notice when a matching product is listed, once per product.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppNotification,
  type ChatMessage,
  WANTED_LIMITS,
  WANTED_MESSAGES,
  WANTED_NOTICES,
  type WantedPost,
} from '@campusrun/shared';
import { userBlocks, wantedPosts } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../test/factories';
import { multipartBody, pngImage } from '../../test/images';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await pngImage();
});
afterAll(() => t.close());

async function person(role: 'hosteller' | 'dayscholar', name?: string) {
  const user = await createUser(t.db, { role, name });
  return { ...user, h: bearer(await tokenFor(t, user)) };
}
type Person = Awaited<ReturnType<typeof person>>;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  who: Person,
  payload?: object,
) => t.app.inject({ method, url: `/api${path}`, headers: who.h, ...(payload ? { payload } : {}) });

const casio = {
  title: 'Casio fx-991EX',
  details: 'For the maths exam',
  category: 'electronics',
  maxPrice: 800,
};

async function posted(who: Person, body: object = casio) {
  const res = await call('POST', '/wanted', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as WantedPost;
}

async function sell(seller: Person, name: string, price: number, category = 'electronics') {
  const body = multipartBody(
    {
      name,
      description: 'Works well',
      price: String(price),
      category,
      condition: 'good',
      quantity: '1',
      isNegotiable: 'false',
    },
    [{ filename: 'photo.png', contentType: 'image/png', data: png }],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...seller.h, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string };
}

const wantedNotices = async (who: Person) =>
  ((await call('GET', '/notifications?limit=50', who)).json().notifications as AppNotification[]).filter(
    (n) => n.type === 'wanted',
  );

async function noticesWhen(who: Person, done: (n: AppNotification[]) => boolean) {
  for (let i = 0; i < 100; i++) {
    const notices = await wantedNotices(who);
    if (done(notices)) return notices;
    await new Promise((r) => setTimeout(r, 50));
  }
  return wantedNotices(who);
}

describe('posting what one wants', () => {
  it('posts, shows and lists it; its poster renews, closes and deletes it, nobody else', async () => {
    const [poster, other] = [await person('dayscholar', 'Priya Poster'), await person('hosteller')];
    const res = await call('POST', '/wanted', poster, casio);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(WANTED_MESSAGES.posted);
    const post = res.json().post as WantedPost;
    expect(post).toMatchObject({
      title: 'Casio fx-991EX',
      details: 'For the maths exam',
      category: 'electronics',
      maxPrice: 800,
      status: 'open',
      expired: false,
      poster: { id: poster.id, name: 'Priya Poster' },
      can: { answer: false, manage: true },
    });
    const days = (Date.parse(post.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(WANTED_LIMITS.days - 0.01);

    const seen = (await call('GET', `/wanted/${post.id}`, other)).json().post as WantedPost;
    expect(seen.can).toEqual({ answer: true, manage: false });
    const listed = (await call('GET', '/wanted?search=casio', other)).json().posts as WantedPost[];
    expect(listed.map((p) => p.id)).toContain(post.id);
    const byPoster = (await call('GET', `/wanted?posterId=${poster.id}`, other)).json().posts as WantedPost[];
    expect(byPoster.map((p) => p.id)).toEqual([post.id]);

    for (const action of ['renew', 'close'])
      expect((await call('POST', `/wanted/${post.id}/${action}`, other)).json().message).toBe(
        WANTED_MESSAGES.notYours,
      );
    expect((await call('DELETE', `/wanted/${post.id}`, other)).statusCode).toBe(403);

    const closed = await call('POST', `/wanted/${post.id}/close`, poster);
    expect(closed.json()).toMatchObject({ message: WANTED_MESSAGES.closed, post: { status: 'closed' } });
    expect(
      ((await call('GET', '/wanted?search=casio', other)).json().posts as WantedPost[]).map((p) => p.id),
    ).not.toContain(post.id);
    // Expired: out of the lists, still the poster's to see and renew.
    await t.db
      .update(wantedPosts)
      .set({ status: 'open', expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(wantedPosts.id, post.id));
    expect((await call('GET', `/wanted?posterId=${poster.id}`, other)).json().posts as WantedPost[]).toEqual(
      [],
    );
    const own = (await call('GET', `/wanted?posterId=${poster.id}`, poster)).json().posts as WantedPost[];
    expect(own.map((p) => [p.id, p.expired])).toEqual([[post.id, true]]);
    const renewed = await call('POST', `/wanted/${post.id}/renew`, poster);
    expect(renewed.json()).toMatchObject({
      message: WANTED_MESSAGES.renewed,
      post: { expired: false, status: 'open' },
    });

    expect((await call('DELETE', `/wanted/${post.id}`, poster)).json()).toEqual({
      message: WANTED_MESSAGES.deleted,
    });
    expect((await call('GET', `/wanted/${post.id}`, poster)).statusCode).toBe(404);
  });

  it('refuses bad input with the form’s messages, and more than the open limit', async () => {
    const who = await person('hosteller');
    const bad = async (body: object, message: string) => {
      const res = await call('POST', '/wanted', who, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad({ ...casio, title: '  ' }, WANTED_MESSAGES.titleRequired);
    await bad({ ...casio, title: 'x'.repeat(WANTED_LIMITS.titleMax + 1) }, WANTED_MESSAGES.titleTooLong);
    await bad({ ...casio, category: 'spaceships' }, WANTED_MESSAGES.categoryInvalid);
    await bad({ title: 'A lamp', category: 'other' }, WANTED_MESSAGES.maxPriceRequired);
    await bad({ ...casio, maxPrice: 0 }, WANTED_MESSAGES.maxPriceInvalid);
    await bad({ ...casio, maxPrice: 12.5 }, WANTED_MESSAGES.maxPriceInvalid);
    await bad({ ...casio, maxPrice: WANTED_LIMITS.priceMax + 1 }, WANTED_MESSAGES.maxPriceTooHigh);

    const answers = await Promise.all(
      Array.from({ length: WANTED_LIMITS.openPerMember + 2 }, (_, i) =>
        call('POST', '/wanted', who, { ...casio, title: `Thing ${i}` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(WANTED_LIMITS.openPerMember);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(
      Array(2).fill(WANTED_MESSAGES.tooMany),
    );
    // Closing one frees a place; reopening it takes the place back, and one more is refused.
    const open = answers.filter((r) => r.statusCode === 201).map((r) => (r.json().post as WantedPost).id);
    await call('POST', `/wanted/${open[0]}/close`, who);
    expect((await call('POST', '/wanted', who, { ...casio, title: 'One more' })).statusCode).toBe(201);
    const reopened = await call('POST', `/wanted/${open[0]}/renew`, who);
    expect([reopened.statusCode, reopened.json().message]).toEqual([409, WANTED_MESSAGES.tooMany]);
    // An open one renews whatever the count.
    expect((await call('POST', `/wanted/${open[1]}/renew`, who)).statusCode).toBe(200);
  });
});

describe('answering "I have one"', () => {
  it('sends the poster a chat message with the wanted post and the answerer’s own listing as cards', async () => {
    const [poster, seller, stranger] = [
      await person('dayscholar'),
      await person('hosteller', 'Sana Seller'),
      await person('hosteller'),
    ];
    const post = await posted(poster);
    const mine = await sell(seller, 'Scientific calculator', 650);
    const theirs = await sell(stranger, 'Another calculator', 600);

    const notMine = await call('POST', `/wanted/${post.id}/answer`, seller, { productId: theirs.id });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(WANTED_MESSAGES.productNotYours);

    const res = await call('POST', `/wanted/${post.id}/answer`, seller, { productId: mine.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ receiverId: poster.id, message: WANTED_MESSAGES.answered });
    const thread = (await call('GET', `/chat/conversation/${seller.id}`, poster)).json()
      .messages as ChatMessage[];
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      senderId: seller.id,
      content: WANTED_NOTICES.answer('Casio fx-991EX'),
      wanted: { id: post.id, title: 'Casio fx-991EX', maxPrice: 800, status: 'open' },
      product: { id: mine.id, name: 'Scientific calculator', price: 650 },
    });

    expect((await call('POST', `/wanted/${post.id}/answer`, poster, {})).json().message).toBe(
      WANTED_MESSAGES.answerOwn,
    );
    await call('POST', `/wanted/${post.id}/close`, poster);
    const late = await call('POST', `/wanted/${post.id}/answer`, stranger, { content: 'Still need it?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(WANTED_MESSAGES.notOpen);
  });

  it('across a block the post is not there: not listed, not shown, not answered', async () => {
    const [poster, blocked] = [await person('dayscholar'), await person('hosteller')];
    const post = await posted(poster, { ...casio, title: 'Blocked wanted kettle' });
    await t.db.insert(userBlocks).values({ blockerId: poster.id, blockedId: blocked.id });
    expect((await call('GET', '/wanted?search=blocked', blocked)).json().posts as WantedPost[]).toEqual([]);
    expect((await call('GET', `/wanted/${post.id}`, blocked)).statusCode).toBe(404);
    expect((await call('POST', `/wanted/${post.id}/answer`, blocked, {})).statusCode).toBe(404);
  });
});

describe('a matching product', () => {
  it('tells the poster once per product: same category, every title word, within the price; not of their own', async () => {
    const [poster, seller] = [await person('dayscholar'), await person('hosteller')];
    const post = await posted(poster, { title: 'Casio fx-991EX', category: 'electronics', maxPrice: 800 });
    await sell(seller, 'Casio fx-991EX, boxed', 950); // too dear
    await sell(seller, 'Casio fx-991EX cover', 100, 'other'); // another category
    await sell(seller, 'Casio watch', 500); // not every word
    const match = await sell(seller, 'Casio fx-991EX calculator', 700);
    const [notice, ...rest] = await noticesWhen(poster, (n) => n.length > 0);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      message: WANTED_NOTICES.matched('Casio fx-991EX', 'Casio fx-991EX calculator'),
      data: { productId: match.id, wantedPostId: post.id },
    });

    // Reserved and available again: not told twice. A second match is a second notice.
    expect(
      (await call('PATCH', `/products/${match.id}/status`, seller, { status: 'reserved' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/products/${match.id}/status`, seller, { status: 'available' })).statusCode,
    ).toBe(200);
    await sell(seller, 'casio FX-991EX plus', 800);
    const after = await noticesWhen(poster, (n) => n.length > 1);
    expect(after).toHaveLength(2);
    expect(after[0]!.message).toBe(WANTED_NOTICES.matched('Casio fx-991EX', 'casio FX-991EX plus'));
  });
});
