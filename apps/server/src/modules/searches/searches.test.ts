/**
 * Saved searches: saving (who may save what, the limit, the messages), renaming, pausing, opening and
 * deleting one's own; and the alerts of new posts that match: once per post and search, grouped
 * within the hour, never of one's own posts, across a block, of a post moderation holds, or while
 * paused.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppNotification,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NOTICES,
  type SavedSearch,
} from '@campusrun/shared';
import { products, savedSearchHits, userBlocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct } from '../../test/factories';
import { type MarketPerson, marketplaceCalls } from '../../test/marketplace-calls';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const calls = marketplaceCalls(() => t);
const { person, call } = calls;
type Person = MarketPerson;

const save = (who: Person, name: string, filters: object, kind = 'products') =>
  call('POST', '/saved-searches', who, { kind, name, filters });

async function saved(who: Person, name: string, filters: object, kind = 'products') {
  const res = await save(who, name, filters, kind);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().search as SavedSearch;
}

const sell = (seller: Person, name: string, price: number, category = 'sports') =>
  calls.sell(seller, { name, price, category });

const searchNotices = (who: Person) => calls.noticesOf(who, 'search');
/** Waits until the member's saved-search notices are as `done` wants (matching runs after the post's answer). */
const noticesWhen = (who: Person, done: (n: AppNotification[]) => boolean) =>
  calls.noticesWhen(who, 'search', done);

describe('saving a search', () => {
  it('saves, lists, renames, pauses, opens and deletes the member’s own searches', async () => {
    const buyer = await person('dayscholar');
    const res = await save(buyer, 'Cycles under ₹3,000', {
      search: 'cycle',
      maxPrice: 3000,
      category: 'sports',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(SAVED_SEARCH_MESSAGES.saved);
    const search = res.json().search as SavedSearch;
    expect(search).toMatchObject({
      kind: 'products',
      name: 'Cycles under ₹3,000',
      filters: { search: 'cycle', maxPrice: 3000, category: 'sports', sort: 'recent' },
      paused: false,
      newMatches: 0,
    });
    expect((await call('GET', '/saved-searches', buyer)).json().searches).toEqual([search]);

    const renamed = await call('PATCH', `/saved-searches/${search.id}`, buyer, { name: '  My cycle  ' });
    expect(renamed.json()).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.renamed,
      search: { name: 'My cycle' },
    });
    const paused = await call('PATCH', `/saved-searches/${search.id}`, buyer, { paused: true });
    expect(paused.json()).toMatchObject({ message: SAVED_SEARCH_MESSAGES.paused, search: { paused: true } });
    const resumed = await call('PATCH', `/saved-searches/${search.id}`, buyer, { paused: false });
    expect(resumed.json()).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.resumed,
      search: { paused: false },
    });
    expect((await call('POST', `/saved-searches/${search.id}/open`, buyer)).statusCode).toBe(200);

    const deleted = await call('DELETE', `/saved-searches/${search.id}`, buyer);
    expect(deleted.json()).toEqual({ message: SAVED_SEARCH_MESSAGES.deleted });
    expect((await call('GET', '/saved-searches', buyer)).json().searches).toEqual([]);
    expect((await call('DELETE', `/saved-searches/${search.id}`, buyer)).statusCode).toBe(404);
  });

  it('refuses what would be wrong, with the message the screen shows; another member’s search is not found', async () => {
    const [hosteller, scholar] = [await person('hosteller'), await person('dayscholar')];
    const bad = async (res: Awaited<ReturnType<typeof call>>, status: number, message: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await bad(await save(scholar, '   ', { search: 'lamp' }), 400, SAVED_SEARCH_MESSAGES.nameRequired);
    await bad(
      await save(scholar, 'x'.repeat(SAVED_SEARCH_LIMITS.nameMax + 1), { search: 'lamp' }),
      400,
      SAVED_SEARCH_MESSAGES.nameTooLong,
    );
    await bad(
      await save(scholar, 'Everything', { sort: 'price-low' }),
      400,
      SAVED_SEARCH_MESSAGES.emptyFilters,
    );
    await bad(
      await save(hosteller, 'Printer runs', { search: 'printer' }, 'requests'),
      403,
      SAVED_SEARCH_MESSAGES.requestsForDayScholars,
    );
    await bad(await save(scholar, 'Odd', { search: 'x' }, 'trips'), 400, SAVED_SEARCH_MESSAGES.kindInvalid);

    const mine = await saved(scholar, 'Lamps', { search: 'lamp' });
    await bad(
      await call('PATCH', `/saved-searches/${mine.id}`, hosteller, { name: 'Stolen' }),
      404,
      SAVED_SEARCH_MESSAGES.notFound,
    );
    await bad(
      await call('DELETE', `/saved-searches/${mine.id}`, hosteller),
      404,
      SAVED_SEARCH_MESSAGES.notFound,
    );
    await bad(
      await call('PATCH', `/saved-searches/${mine.id}`, scholar, {}),
      400,
      SAVED_SEARCH_MESSAGES.nothingToChange,
    );
    expect((await call('GET', '/saved-searches', scholar)).json().searches).toHaveLength(1);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perMember} per member, even when saved at once`, async () => {
    const buyer = await person('hosteller');
    const answers = await Promise.all(
      Array.from({ length: SAVED_SEARCH_LIMITS.perMember + 3 }, (_, i) =>
        save(buyer, `Search ${i}`, { search: `word${i}` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(SAVED_SEARCH_LIMITS.perMember);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array(3).fill([409, SAVED_SEARCH_MESSAGES.tooMany]),
    );
  });
});

describe('alerts of new posts', () => {
  it('tells the saver of a matching product (not of others), once; more within the hour are grouped', async () => {
    const [buyer, seller] = [await person('dayscholar'), await person('hosteller', 'Asha Seller')];
    const search = await saved(buyer, 'Cycles under ₹3,000', {
      search: 'cycle',
      maxPrice: 3000,
      category: 'sports',
    });

    await sell(seller, 'Cycle helmet, barely used', 4000); // too dear
    await sell(seller, 'Cycle lock', 500, 'other'); // another category
    await sell(seller, 'Cricket bat', 800); // other words
    const first = await sell(seller, 'Lady Bird cycle', 2500);
    const [notice] = await noticesWhen(buyer, (n) => n.length > 0);
    expect(await searchNotices(buyer)).toHaveLength(1);
    expect(notice).toMatchObject({
      message: SAVED_SEARCH_NOTICES.matched('Cycles under ₹3,000', 'Lady Bird cycle'),
      data: { savedSearchId: search.id, searchKind: 'products', productId: first.id },
      isRead: false,
    });

    await call('PATCH', '/notifications/read-all', buyer);
    await sell(seller, 'Hero cycle with basket', 2800);
    await sell(seller, 'Cycle pump and cycle bell', 300);
    const grouped = await noticesWhen(buyer, (n) => n[0]?.message.startsWith('3 ') === true);
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({
      message: SAVED_SEARCH_NOTICES.matchedMany('Cycles under ₹3,000', '3'),
      data: { savedSearchId: search.id, searchKind: 'products' },
      isRead: false,
    });
    expect(grouped[0]!.data.productId).toBeUndefined();

    const [listed] = (await call('GET', '/saved-searches', buyer)).json().searches as SavedSearch[];
    expect(listed!.newMatches).toBe(3);
    const opened = await call('POST', `/saved-searches/${search.id}/open`, buyer);
    expect(opened.json().search.newMatches).toBe(0);
  });

  it('says nothing of one’s own posts, across a block, of a held product or while paused; a post alerts a search once', async () => {
    const [buyer, seller, blocked] = [
      await person('hosteller'),
      await person('hosteller'),
      await person('hosteller'),
    ];
    const search = await saved(buyer, 'Kettles', { search: 'kettle' });
    // Another member's search of every kettle: its hit on a product says that product's matching
    // has run (it runs after the answer), so the buyer's search may be resumed after it.
    const witness = await saved(await person('hosteller'), 'Any kettle', { search: 'kettle' });
    const matched = (productId: string) =>
      expect
        .poll(
          async () =>
            (
              await t.db
                .select()
                .from(savedSearchHits)
                .where(and(eq(savedSearchHits.searchId, witness.id), eq(savedSearchHits.itemId, productId)))
            ).length,
        )
        .toBe(1);
    await sell(buyer, 'My old kettle', 300);
    await t.db.insert(userBlocks).values({ blockerId: buyer.id, blockedId: blocked.id });
    await sell(blocked, 'Blocked kettle', 300);

    await call('PATCH', `/saved-searches/${search.id}`, buyer, { paused: true });
    const paused = await sell(seller, 'Paused kettle', 300);
    await matched(paused.id);
    await call('PATCH', `/saved-searches/${search.id}`, buyer, { paused: false });

    // Held by moderation, then made available by its seller: still nothing while it is held.
    const held = await createProduct(t.db, { seller, name: 'Held kettle', status: 'reserved' });
    await t.db.update(products).set({ moderation: 'held' }).where(eq(products.id, held.id));
    const setStatus = (id: string, status: string) =>
      call('PATCH', `/products/${id}/status`, seller, { status });
    expect((await setStatus(held.id, 'available')).statusCode).toBe(200);

    const steel = await sell(seller, 'Steel kettle', 300);
    const [only, ...rest] = await noticesWhen(buyer, (n) => n.length > 0);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      message: SAVED_SEARCH_NOTICES.matched('Kettles', 'Steel kettle'),
      data: { productId: steel.id },
    });

    // Reserved and made available again: it already alerted this search, so the next match is the
    // second, not the third.
    expect((await setStatus(steel.id, 'reserved')).statusCode).toBe(200);
    expect((await setStatus(steel.id, 'available')).statusCode).toBe(200);
    await sell(seller, 'Copper kettle', 300);
    const after = await noticesWhen(buyer, (n) => n[0]?.message.startsWith('2 ') === true);
    expect(after.map((n) => n.message)).toEqual([SAVED_SEARCH_NOTICES.matchedMany('Kettles', '2')]);
  });

  it('tells a day scholar of a new request to deliver that matches their search of requests', async () => {
    const [scholar, hosteller] = [await person('dayscholar'), await person('hosteller')];
    const search = await saved(
      scholar,
      'Printouts to Block C',
      { search: 'printout', location: 'block c', minFee: 30 },
      'requests',
    );
    const post = (itemName: string, expectedPrice: number, deliveryLocation: string) =>
      call('POST', '/requests', hosteller, {
        itemName,
        expectedPrice,
        deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
        deliveryLocation,
      });
    expect((await post('Printouts of my thesis', 40, 'Block D, room 9')).statusCode).toBe(201);
    expect((await post('Printouts, 20 pages', 20, 'Block C, room 4')).statusCode).toBe(201);
    const match = await post('Colour printouts', 50, 'block C, room 12');
    expect(match.statusCode).toBe(201);
    const [notice, ...more] = await noticesWhen(scholar, (n) => n.length > 0);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      message: SAVED_SEARCH_NOTICES.matched('Printouts to Block C', 'Colour printouts'),
      data: { savedSearchId: search.id, searchKind: 'requests', requestId: match.json().request.id },
    });
  });
});
