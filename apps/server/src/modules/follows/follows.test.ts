/**
 * Following a seller: follow and unfollow, who may follow whom, who sees which list, and the notices
 * of a followed seller's new listings (live, grouped within the hour, never across a block, never of
 * one's own). That none tells of a listing moderation holds is in notifications/listing-notices.test.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppNotification,
  type ClientToServerEvents,
  DELETED_USER_NAME,
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  FOLLOW_NOTICES,
  type ServerToClientEvents,
} from '@campusrun/shared';
import { notifications, userBlocks, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD } from '../../test/factories';
import { type MarketPerson, marketplaceCalls } from '../../test/marketplace-calls';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const sockets: Client[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const calls = marketplaceCalls(() => t);
const { person, call } = calls;
type Person = MarketPerson;

const follow = (who: Person, whom: { id: string }) => call('PUT', `/users/${whom.id}/follow`, who);
const unfollow = (who: Person, whom: { id: string }) => call('DELETE', `/users/${whom.id}/follow`, who);
const stateOf = async (who: Person, whom: { id: string }) =>
  (await call('GET', `/users/${whom.id}/follow`, who)).json().follow;

/** Lists a product through the API, as the sell form does (so `product.created` is emitted). */
const list = (seller: Person, name: string) =>
  calls.sell(seller, { name, description: 'In good shape, pick up from my room' });

/** The member's notices about a followed seller's new listings, newest first. */
async function listingNotices(who: Person): Promise<AppNotification[]> {
  const all = (await call('GET', '/notifications?limit=50', who)).json().notifications as AppNotification[];
  return all.filter((n) => n.data.sellerId !== undefined);
}

/** A connected socket of `who`, with every notification it receives. */
async function online(who: Person) {
  const s: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: who.token },
  });
  sockets.push(s);
  const got: AppNotification[] = [];
  s.on('notification', (n) => got.push(n as AppNotification));
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  // The server has joined its rooms once it answers an event.
  await new Promise<void>((resolve) => {
    s.once('user:status', () => resolve());
    s.emit('user:check', []);
  });
  return got;
}
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('following a seller', () => {
  it('follow and unfollow, both idempotent; the state, the profile and the list say so', async () => {
    const seller = await person('hosteller', 'Asha Seller');
    const fan = await person('dayscholar', 'Farah Fan');
    expect(await stateOf(fan, seller)).toEqual({ following: false, followerCount: 0, canFollow: true });

    for (let i = 0; i < 2; i++) {
      const res = await follow(fan, seller);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        follow: { following: true, followerCount: 1, canFollow: true },
        message: FOLLOW_MESSAGES.followed,
      });
    }
    const profile = (await call('GET', `/users/${seller.id}/profile`, fan)).json().profile;
    expect(profile).toMatchObject({ following: true, followerCount: 1, canFollow: true });
    // One's own profile says how many follow them, and offers no Follow.
    const own = (await call('GET', `/users/${seller.id}/profile`, seller)).json().profile;
    expect(own).toMatchObject({ following: false, followerCount: 1, canFollow: false });
    expect((await call('GET', '/users/following', fan)).json()).toEqual({
      users: [{ id: seller.id, name: 'Asha Seller', avatar: null, since: expect.any(String) }],
      total: 1,
      nextCursor: null,
    });

    for (let i = 0; i < 2; i++) {
      const res = await unfollow(fan, seller);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        follow: { following: false, followerCount: 0, canFollow: true },
        message: FOLLOW_MESSAGES.unfollowed,
      });
    }
    expect((await call('GET', '/users/following', fan)).json()).toEqual({
      users: [],
      total: 0,
      nextCursor: null,
    });
  });

  it('refuses oneself, a member who does not sell, an unknown or deleted account, and the signed-out', async () => {
    const seller = await person('hosteller');
    const scholar = await person('dayscholar');
    const self = await follow(seller, seller);
    expect([self.statusCode, self.json().message]).toEqual([400, FOLLOW_MESSAGES.self]);
    const notSeller = await follow(seller, scholar);
    expect([notSeller.statusCode, notSeller.json().message]).toEqual([403, FOLLOW_MESSAGES.notSeller]);
    expect(await stateOf(seller, scholar)).toMatchObject({ canFollow: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await follow(scholar, { id });
      expect([res.statusCode, res.json().message]).toEqual([404, FOLLOW_MESSAGES.userNotFound]);
    }
    const gone = await person('hosteller');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await follow(scholar, gone)).statusCode).toBe(404);
    expect((await unfollow(scholar, gone)).statusCode).toBe(404);
    expect((await call('PUT', `/users/${seller.id}/follow`, null)).statusCode).toBe(401);
    expect((await call('GET', '/users/following', null)).statusCode).toBe(401);
    // Nothing was stored by any of it.
    expect((await call('GET', '/users/following', scholar)).json().total).toBe(0);
    expect((await call('GET', '/users/followers', seller)).json().total).toBe(0);
  });

  it('refuses to follow across a block, whichever made it; a new block ends follows both ways', async () => {
    const seller = await person('hosteller');
    const blocker = await person('dayscholar');
    const blocked = await person('dayscholar');
    await call('POST', `/users/${seller.id}/block`, blocker);
    await call('POST', `/users/${blocked.id}/block`, seller);
    for (const who of [blocker, blocked]) {
      const res = await follow(who, seller);
      expect([res.statusCode, res.json().message]).toEqual([403, FOLLOW_MESSAGES.blocked]);
      expect(await stateOf(who, seller)).toEqual({ following: false, followerCount: 0, canFollow: false });
    }

    // Two sellers who follow each other: a block by either ends both follows, and unblocking
    // restores neither.
    const a = await person('hosteller');
    const b = await person('hosteller');
    await follow(a, b);
    await follow(b, a);
    expect((await call('POST', `/users/${a.id}/block`, b)).statusCode).toBe(200);
    expect((await call('GET', '/users/following', a)).json().total).toBe(0);
    expect((await call('GET', '/users/following', b)).json().total).toBe(0);
    await call('DELETE', `/users/${a.id}/block`, b);
    expect(await stateOf(a, b)).toEqual({ following: false, followerCount: 0, canFollow: true });
  });

  it('the followers list is only ever the caller’s own, newest first, paged', async () => {
    const seller = await person('hosteller');
    const first = await person('dayscholar', 'First Fan');
    const second = await person('hosteller', 'Second Fan');
    await follow(first, seller);
    await follow(second, seller);

    const page1 = (await call('GET', '/users/followers?limit=1', seller)).json();
    expect(page1.users.map((u: { id: string }) => u.id)).toEqual([second.id]);
    expect(page1.total).toBe(2);
    const page2 = (await call('GET', `/users/followers?limit=1&cursor=${page1.nextCursor}`, seller)).json();
    expect(page2).toEqual({
      users: [{ id: first.id, name: 'First Fan', avatar: null, since: expect.any(String) }],
      total: 2,
      nextCursor: null,
    });
    // A follower reads their own followers (none), never the seller's; there is no address for another's.
    expect((await call('GET', '/users/followers', first)).json()).toEqual({
      users: [],
      total: 0,
      nextCursor: null,
    });
    expect((await call('GET', `/users/${seller.id}/followers`, first)).statusCode).toBe(404);
    // What others see of the seller is the count only.
    const profile = (await call('GET', `/users/${seller.id}/profile`, first)).body;
    expect(JSON.parse(profile).profile.followerCount).toBe(2);
    expect(profile).not.toContain(second.id);
    const state = (await call('GET', `/users/${seller.id}/follow`, first)).body;
    expect(state).not.toContain(second.id);
    // A cursor the server did not issue for this list is refused.
    expect((await call('GET', '/users/followers?cursor=bm9wZQ', seller)).statusCode).toBe(400);
    await follow(first, await person('hosteller'));
    const following = (await call('GET', '/users/following?limit=1', first)).json().nextCursor;
    expect((await call('GET', `/users/followers?cursor=${following}`, first)).statusCode).toBe(400);
  });

  it(`counts follows and unfollows per account: ${FOLLOW_LIMITS.changesPerHour} an hour`, async () => {
    const seller = await person('hosteller');
    const fan = await person('dayscholar');
    for (let i = 0; i < FOLLOW_LIMITS.changesPerHour; i++)
      expect((await (i % 2 ? unfollow(fan, seller) : follow(fan, seller))).statusCode).toBe(200);
    const res = await follow(fan, seller);
    expect([res.statusCode, res.json().message]).toEqual([429, FOLLOW_MESSAGES.tooMany]);
    // Someone else on the same address is not affected.
    expect((await follow(await person('dayscholar'), seller)).statusCode).toBe(200);
  });
});

describe('notices of a followed seller’s new listings', () => {
  it('tell each follower at once, live, opening the product; never the seller or anyone else', async () => {
    const seller = await person('hosteller', 'Asha Seller');
    const fan = await person('dayscholar');
    const stranger = await person('dayscholar');
    await follow(fan, seller);
    const [live, strangerLive, sellerLive] = await Promise.all([fan, stranger, seller].map(online));

    const product = await list(seller, 'Linear algebra book');
    await settle();
    const expected = {
      id: expect.any(String),
      type: 'product',
      message: FOLLOW_NOTICES.listed('Asha Seller', 'Linear algebra book'),
      data: { productId: product.id, sellerId: seller.id },
      isRead: false,
      createdAt: expect.any(String),
    };
    // Exactly these fields, live and from the list: nothing about the other followers or the count.
    expect(live).toEqual([expected]);
    expect(Object.keys(live[0]!).sort()).toEqual(['createdAt', 'data', 'id', 'isRead', 'message', 'type']);
    expect(await listingNotices(fan)).toEqual([{ ...expected, id: live[0]!.id }]);
    expect(strangerLive).toEqual([]);
    expect(sellerLive).toEqual([]);
    expect(await listingNotices(stranger)).toEqual([]);
    expect(await listingNotices(seller)).toEqual([]);
  });

  it('within the hour turn into one grouped notice per follower, opening the seller; later ones start anew', async () => {
    const seller = await person('hosteller', 'Asha Seller');
    const early = await person('dayscholar');
    const late = await person('dayscholar');
    await follow(early, seller);

    await list(seller, 'Desk lamp');
    const [single] = await listingNotices(early);
    await call('PUT', `/notifications/${single!.id}/read`, early);
    await follow(late, seller);
    await list(seller, 'Kettle');
    const live = await online(early);
    await list(seller, 'Pillow');
    await settle();

    // The same notice, unread again, grouped: three listings for the early follower…
    const [grouped, ...others] = await listingNotices(early);
    expect(others).toEqual([]);
    expect(grouped).toMatchObject({
      id: single!.id,
      type: 'product',
      message: FOLLOW_NOTICES.listedMany('Asha Seller', '3'),
      data: { sellerId: seller.id },
      isRead: false,
    });
    expect(live).toEqual([grouped]);
    expect((await call('GET', '/notifications', early)).json().unreadCount).toBe(1);
    // …two for the one who followed after the first (their count is their own).
    const lateNotices = await listingNotices(late);
    expect(lateNotices).toHaveLength(1);
    expect(lateNotices[0]).toMatchObject({
      message: FOLLOW_NOTICES.listedMany('Asha Seller', '2'),
      data: { sellerId: seller.id },
    });
    expect(lateNotices[0]!.data).not.toHaveProperty('productId');

    // An hour on, the next listing is a notice of its own again.
    await t.db
      .update(notifications)
      .set({ createdAt: sql`now() - make_interval(mins => ${FOLLOW_LIMITS.groupMinutes + 1})` })
      .where(eq(notifications.userId, early.id));
    const next = await list(seller, 'Umbrella');
    const [newest, older] = await listingNotices(early);
    expect(newest).toMatchObject({
      message: FOLLOW_NOTICES.listed('Asha Seller', 'Umbrella'),
      data: { productId: next.id, sellerId: seller.id },
    });
    expect(older!.id).toBe(single!.id);
  });

  it('never cross a block made after the follow, whichever of the two made it', async () => {
    const seller = await person('hosteller');
    const blockedBySeller = await person('dayscholar');
    const blockingSeller = await person('dayscholar');
    const fan = await person('dayscholar');
    for (const who of [blockedBySeller, blockingSeller, fan]) await follow(who, seller);
    // Written straight to the table: the follows stay, so the notice itself must check the block.
    await t.db.insert(userBlocks).values([
      { blockerId: seller.id, blockedId: blockedBySeller.id },
      { blockerId: blockingSeller.id, blockedId: seller.id },
    ]);
    const [live1, live2] = await Promise.all([blockedBySeller, blockingSeller].map(online));

    await list(seller, 'Cycle lock');
    await settle();
    expect(live1).toEqual([]);
    expect(live2).toEqual([]);
    expect(await listingNotices(blockedBySeller)).toEqual([]);
    expect(await listingNotices(blockingSeller)).toEqual([]);
    expect(await listingNotices(fan)).toHaveLength(1);
  });

  it('reach every follower of a seller with many, each once', async () => {
    const seller = await person('hosteller', 'Popular Seller');
    const fans = await Promise.all(Array.from({ length: 30 }, () => person('dayscholar')));
    for (const fan of fans) await follow(fan, seller);
    await list(seller, 'Mini fridge');
    const rows = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(sql`${notifications.data}->>'sellerId' = ${seller.id}`, eq(notifications.type, 'product')));
    expect(rows.map((r) => r.userId).sort()).toEqual(fans.map((f) => f.id).sort());
  });
});

describe('follows and the member’s own data', () => {
  it('the data download lists whom the member follows; leaving ends every follow and renames the notices', async () => {
    const seller = await person('hosteller', 'Leaving Seller');
    const fan = await person('dayscholar');
    await follow(fan, seller);
    await list(seller, 'Study chair');

    const exported = await call('GET', '/users/me/export', fan);
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body).following).toEqual([
      { seller: { id: seller.id, name: 'Leaving Seller' }, since: expect.any(String) },
    ]);

    const gone = await call('DELETE', '/users/me', seller, { password: DEFAULT_PASSWORD });
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', '/users/following', fan)).json().total).toBe(0);
    const [notice] = await listingNotices(fan);
    expect(notice!.message).toBe(FOLLOW_NOTICES.listed(DELETED_USER_NAME, 'Study chair'));
  });
});
