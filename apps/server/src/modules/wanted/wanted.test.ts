/**
 * Wanted posts: posting (rules, messages, the limit), the lists, renewing, closing and deleting
 * one's own; answering "I have one" (a chat message with the wanted post as a card, optionally one's
 * own listing); and the poster's notice when a matching product is listed, once per product.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
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
import { type MarketPerson, marketplaceCalls } from '../../test/marketplace-calls';
import { jpegWithGps, multipartBody, pngImage } from '../../test/images';
import { sweepOrphanUploads } from '../../lib/orphan-sweep';
import { createStorage } from '../../lib/storage';
import { wantedPhotos } from './wanted.photos';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await pngImage();
});
afterAll(() => t.close());

const calls = marketplaceCalls(() => t);
const { person, call } = calls;
type Person = MarketPerson;

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

const sell = (seller: Person, name: string, price: number, category = 'electronics') =>
  calls.sell(seller, { name, price, category, description: 'Works well' });

const noticesWhen = (who: Person, done: (n: AppNotification[]) => boolean) =>
  calls.noticesWhen(who, 'wanted', done);

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

describe('the photo', () => {
  const putPhoto = (
    who: Person,
    id: string,
    files: { filename: string; contentType: string; data: Buffer }[],
  ) => {
    const body = multipartBody(
      {},
      files.map((f) => ({ ...f, field: 'photo' })),
    );
    return t.app.inject({
      method: 'PUT',
      url: `/api/wanted/${id}/photo`,
      headers: { ...who.h, ...body.headers },
      payload: body.payload,
    });
  };
  /** The stored file behind a photo link, or undefined when it is gone. */
  const stored = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? res.rawPayload : undefined;
  };

  it('its poster adds one, re-encoded as WebP with a small copy; changing it removes the old files; removing it too', async () => {
    const poster = await person('dayscholar');
    const post = await posted(poster, { ...casio, title: 'Wanted desk lamp' });
    expect(post.photo).toBeNull();

    const added = await putPhoto(poster, post.id, [
      { filename: 'lamp.jpg', contentType: 'image/jpeg', data: await jpegWithGps() },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(WANTED_MESSAGES.photoAdded);
    const first = (added.json().post as WantedPost).photo!;
    for (const url of [first.url, first.thumbnail]) {
      const file = await stored(url);
      expect(file).toBeDefined();
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      // No camera details or location left in it.
      expect(meta.exif).toBeUndefined();
    }
    expect((await sharp(await stored(first.thumbnail)).metadata()).width).toBeLessThan(
      (await sharp(await stored(first.url)).metadata()).width!,
    );
    // Others see it in the list and on the post.
    const other = await person('hosteller');
    expect(((await call('GET', `/wanted/${post.id}`, other)).json().post as WantedPost).photo).toEqual(first);

    const changed = await putPhoto(poster, post.id, [
      { filename: 'b.png', contentType: 'image/png', data: png },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    const second = (changed.json().post as WantedPost).photo!;
    expect(second.url).not.toBe(first.url);
    expect(await stored(first.url)).toBeUndefined();
    expect(await stored(first.thumbnail)).toBeUndefined();

    const removed = await call('DELETE', `/wanted/${post.id}/photo`, poster);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: WANTED_MESSAGES.photoRemoved, post: { photo: null } });
    expect(await stored(second.url)).toBeUndefined();
    expect(await stored(second.thumbnail)).toBeUndefined();
  });

  it('only its poster may change it, and the file is not read for anyone else', async () => {
    const [poster, other] = [await person('dayscholar'), await person('hosteller')];
    const post = await posted(poster, { ...casio, title: 'Wanted kettle photo' });
    const res = await putPhoto(other, post.id, [{ filename: 'a.png', contentType: 'image/png', data: png }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(WANTED_MESSAGES.notYours);
    expect((await call('DELETE', `/wanted/${post.id}/photo`, other)).statusCode).toBe(403);
    expect(((await call('GET', `/wanted/${post.id}`, poster)).json().post as WantedPost).photo).toBeNull();
  });

  it('refuses what is not a photo, a second file and none, with the message and nothing kept', async () => {
    const poster = await person('dayscholar');
    const post = await posted(poster, { ...casio, title: 'Wanted bicycle bell' });
    const notImage = await putPhoto(poster, post.id, [
      { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('not an image at all') },
    ]);
    expect(notImage.statusCode).toBe(415);
    const two = await putPhoto(poster, post.id, [
      { filename: 'a.png', contentType: 'image/png', data: png },
      { filename: 'b.png', contentType: 'image/png', data: png },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(WANTED_MESSAGES.onlyOnePhoto);
    const none = await putPhoto(poster, post.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ param: 'photo', msg: WANTED_MESSAGES.photoRequired }]);
    expect(((await call('GET', `/wanted/${post.id}`, poster)).json().post as WantedPost).photo).toBeNull();
  });

  it('deleting the post removes its photo files, and the sweep removes a photo no post refers to', async () => {
    const storage = await createStorage(t.config);
    const poster = await person('dayscholar');
    const post = await posted(poster, { ...casio, title: 'Wanted table fan' });
    const photo = (
      (await putPhoto(poster, post.id, [{ filename: 'a.png', contentType: 'image/png', data: png }])).json()
        .post as WantedPost
    ).photo!;
    expect((await call('DELETE', `/wanted/${post.id}`, poster)).statusCode).toBe(200);
    expect(await stored(photo.url)).toBeUndefined();
    expect(await stored(photo.thumbnail)).toBeUndefined();

    // A crash between storing and the post's update leaves a file no row knows; a kept one stays.
    const kept = await posted(poster, { ...casio, title: 'Wanted study chair' });
    const keptPhoto = (
      (await putPhoto(poster, kept.id, [{ filename: 'a.png', contentType: 'image/png', data: png }])).json()
        .post as WantedPost
    ).photo!;
    const orphan = 'wanted/00112233445566778899aabbccddeeff.webp';
    await storage.put(orphan, png, 'image/webp');
    const removed = await sweepOrphanUploads(t.database, storage, [wantedPhotos], {
      // A sweep a minute later: a file's time may be a few ms past the clock the test reads.
      now: Date.now() + 60_000,
      minAgeMs: 0,
    });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await storage.get(orphan)).toBeUndefined();
    expect(await stored(keptPhoto.url)).toBeDefined();
    expect(await stored(keptPhoto.thumbnail)).toBeDefined();
  });
});
