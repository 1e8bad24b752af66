import type { DeliveryRequest, Product, RequestListResponse } from '@campusrun/shared';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardKeys } from '@/api/cache';
import { type AvailableFilters, requestKeys } from '@/api/cache';
import { makeProduct } from '@/test/products';
import { can, makeRequest } from '@/test/requests';
import { productKeys } from '@/api/cache';
import { runKeys } from '@/api/cache';
import { settlementKeys } from '@/api/cache';
import { makeSettlement, makeSummary, settlementCan } from '@/test/settlements';
import { ratingKeys, tripKeys } from '@/api/cache';
import { makeRun, makeTrip, runCan } from '@/test/logistics';
import type { SettlementListResponse, Trip } from '@campusrun/shared';
import { LIVE_REFETCH_DELAY_MS, createLiveUpdates } from './live-updates';

const noFilters: AvailableFilters = {
  search: '',
  location: '',
  pickupFrom: '',
  minFee: '',
  maxFee: '',
  sort: 'newest',
};
const pages = (...lists: DeliveryRequest[][]): InfiniteData<RequestListResponse> => ({
  pages: lists.map((requests, i) => ({ requests, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});
const ids = (data: InfiniteData<RequestListResponse> | undefined) =>
  data?.pages.map((p) => p.requests.map((r) => r.itemName));

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.useRealTimers();
  client.clear();
});

describe('live cache updates', () => {
  it('adds a new request to the top of every unfiltered Browse list and the dashboard preview', () => {
    const live = createLiveUpdates(client);
    const a = makeRequest({ itemName: 'A' });
    const b = makeRequest({ itemName: 'B' });
    client.setQueryData(requestKeys.available(noFilters), pages([a], [b]));
    client.setQueryData(requestKeys.available({ ...noFilters, sort: 'highestFee' }), pages([b, a]));
    client.setQueryData(dashboardKeys.availableRequests(), [a, b, a, b, a]);

    live.requestAvailable(makeRequest({ itemName: 'N' }));

    expect(ids(client.getQueryData(requestKeys.available(noFilters)))).toEqual([['N', 'A'], ['B']]);
    expect(ids(client.getQueryData(requestKeys.available({ ...noFilters, sort: 'highestFee' })))).toEqual([
      ['N', 'B', 'A'],
    ]);
    const preview = client.getQueryData<DeliveryRequest[]>(dashboardKeys.availableRequests())!;
    expect(preview.map((r) => r.itemName)).toEqual(['N', 'A', 'B', 'A', 'B']);
  });

  it('fetches a Browse list again when a new request arrives while it is loading, so the older answer does not hide it', async () => {
    const key = requestKeys.available(noFilters);
    const answers = [pages([]), pages([makeRequest({ itemName: 'N' })])];
    let answerFirst = () => {};
    const queryFn = vi.fn(() =>
      queryFn.mock.calls.length === 1
        ? new Promise<InfiniteData<RequestListResponse>>(
            (resolve) => (answerFirst = () => resolve(answers[0]!)),
          )
        : Promise.resolve(answers[1]!),
    );
    const observer = client.getQueryCache().build(client, { queryKey: key, queryFn });
    const loading = observer.fetch();
    const live = createLiveUpdates(client);

    live.requestAvailable(makeRequest({ itemName: 'N' }));
    answerFirst(); // the answer the server gave before the request was posted
    await loading;
    expect(ids(client.getQueryData(key))).toEqual([[]]);

    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    await client.fetchQuery({ queryKey: key, queryFn, staleTime: Infinity });
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(ids(client.getQueryData(key))).toEqual([['N']]);
  });

  it('refetches a filtered Browse list once per burst instead of guessing whether a request matches', async () => {
    const filtered = requestKeys.available({ ...noFilters, search: 'milk' });
    client.setQueryData(filtered, pages([]));
    const live = createLiveUpdates(client);
    for (let i = 0; i < 5; i++) live.requestAvailable(makeRequest({ itemName: `R${i}` }));
    expect(ids(client.getQueryData(filtered))).toEqual([[]]);
    expect(client.getQueryState(filtered)?.isInvalidated).toBe(false);
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    expect(client.getQueryState(filtered)?.isInvalidated).toBe(true);
  });

  it('removes a withdrawn request from every Browse list, filtered or not, and from the preview', () => {
    const live = createLiveUpdates(client);
    const a = makeRequest({ itemName: 'A' });
    const b = makeRequest({ itemName: 'B' });
    const filtered = requestKeys.available({ ...noFilters, minFee: '10' });
    client.setQueryData(requestKeys.available(noFilters), pages([a], [b]));
    client.setQueryData(filtered, pages([b]));
    client.setQueryData(dashboardKeys.availableRequests(), [a, b]);

    live.requestUnavailable(b.id);

    expect(ids(client.getQueryData(requestKeys.available(noFilters)))).toEqual([['A'], []]);
    expect(ids(client.getQueryData(filtered))).toEqual([[]]);
    expect(client.getQueryData<DeliveryRequest[]>(dashboardKeys.availableRequests())).toEqual([a]);
  });

  it('puts an updated request into its page and every list holding it, and out of Browse once it cannot be accepted', () => {
    const live = createLiveUpdates(client);
    const a = makeRequest({ itemName: 'A', can: can('accept') });
    const b = makeRequest({ itemName: 'B', can: can('accept') });
    client.setQueryData(requestKeys.available(noFilters), pages([a, b]));
    client.setQueryData(requestKeys.deliveries('all'), {
      pages: [{ deliveries: [b], nextCursor: null }],
      pageParams: [undefined],
    });
    const accepted = { ...b, status: 'accepted' as const, can: can('complete', 'cancelDelivery') };

    live.requestUpdated(accepted);

    expect(client.getQueryData(requestKeys.detail(b.id))).toEqual(accepted);
    expect(ids(client.getQueryData(requestKeys.available(noFilters)))).toEqual([['A']]);
    const deliveries = client.getQueryData<InfiniteData<{ deliveries: DeliveryRequest[] }>>(
      requestKeys.deliveries('all'),
    );
    expect(deliveries?.pages[0]?.deliveries).toEqual([accepted]);
  });

  it('refetches dashboard counters once for a burst of changes, not once per change', async () => {
    const live = createLiveUpdates(client);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    for (let i = 0; i < 20; i++) live.requestUnavailable(makeRequest().id);
    const statsCalls = () =>
      invalidate.mock.calls.filter(
        ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(dashboardKeys.dayScholarStats()),
      ).length;
    expect(statsCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    expect(statsCalls()).toBe(1);
  });

  it('updates a product in its page and in lists, and drops a removed one', () => {
    const live = createLiveUpdates(client);
    const p = makeProduct({ name: 'Kettle' });
    const q = makeProduct({ name: 'Lamp' });
    const listKey = productKeys.list({
      search: '',
      category: '',
      condition: '',
      minPrice: '',
      maxPrice: '',
      sort: 'recent',
    });
    client.setQueryData(listKey, {
      pages: [{ products: [p, q], nextCursor: null }],
      pageParams: [undefined],
    });

    const sold = { ...p, status: 'sold' as const };
    live.productUpdated(sold);
    expect(client.getQueryData(productKeys.detail(p.id))).toEqual(sold);
    live.productRemoved(q.id);
    expect(client.getQueryData<InfiniteData<{ products: unknown[] }>>(listKey)?.pages[0]?.products).toEqual([
      sold,
    ]);
  });

  it('keeps contact and offer off on a pushed product for a viewer blocked with its seller', () => {
    const live = createLiveUpdates(client);
    const p = makeProduct({ name: 'Kettle' });
    client.setQueryData(productKeys.detail(p.id), { ...p, can: { ...p.can, contact: false, offer: false } });
    live.productUpdated({ ...p, price: 300, can: { ...p.can, contact: true, offer: true } });
    const shown = client.getQueryData<typeof p>(productKeys.detail(p.id))!;
    expect([shown.price, shown.can.contact, shown.can.offer]).toEqual([300, false, false]);
  });

  it('puts a new listing at the top of newest-first marketplaces it belongs to; a search or price order refetches', async () => {
    const live = createLiveUpdates(client);
    const old = makeProduct({ name: 'Old lamp', category: 'electronics' });
    const older = makeProduct({ name: 'Older kettle', category: 'electronics' });
    const all = {
      search: '',
      category: '',
      condition: '',
      minPrice: '',
      maxPrice: '',
      sort: 'recent',
    } as const;
    const keys = {
      all: productKeys.list(all),
      books: productKeys.list({ ...all, category: 'books' }),
      search: productKeys.list({ ...all, search: 'cycle' }),
      cheapest: productKeys.list({ ...all, sort: 'price-low' }),
      underHundred: productKeys.list({ ...all, maxPrice: '100' }),
      fromHundred: productKeys.list({ ...all, minPrice: '100' }),
    };
    for (const key of Object.values(keys))
      client.setQueryData(key, {
        pages: [
          { products: [old], nextCursor: 'c0' },
          { products: [older], nextCursor: null },
        ],
        pageParams: [undefined, 'c0'],
      });
    const names = (key: readonly unknown[]) =>
      client
        .getQueryData<InfiniteData<{ products: { name: string }[] }>>(key)
        ?.pages.map((p) => p.products.map((x) => x.name));

    const cycle = makeProduct({ name: 'Lady Bird cycle', category: 'other' });
    live.productAvailable(cycle);
    live.productAvailable(cycle);

    expect(names(keys.all)).toEqual([['Lady Bird cycle', 'Old lamp'], ['Older kettle']]);
    expect(names(keys.books)).toEqual([['Old lamp'], ['Older kettle']]);
    // Outside a price range (₹500 is over ₹100): not in its list.
    expect(names(keys.underHundred)).toEqual([['Old lamp'], ['Older kettle']]);
    expect(names(keys.fromHundred)).toEqual([['Lady Bird cycle', 'Old lamp'], ['Older kettle']]);
    for (const key of [keys.search, keys.cheapest]) {
      expect(names(key)).toEqual([['Old lamp'], ['Older kettle']]);
      expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    for (const key of [keys.search, keys.cheapest])
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.books)?.isInvalidated).toBe(false);
  });

  it('moves a bumped listing to the top of a newest-first marketplace, once, keeping the viewer’s own part', () => {
    const live = createLiveUpdates(client);
    const lamp = makeProduct({ name: 'Lamp' });
    const kettle = makeProduct({ name: 'Kettle', isSaved: true });
    const key = productKeys.list({
      search: '',
      category: '',
      condition: '',
      minPrice: '',
      maxPrice: '',
      sort: 'recent',
    });
    client.setQueryData(key, {
      pages: [
        { products: [lamp], nextCursor: 'c0' },
        { products: [kettle], nextCursor: null },
      ],
      pageParams: [undefined, 'c0'],
    });

    live.productAvailable({ ...kettle, isSaved: false, bumpedAt: '2026-11-29T10:00:00.000Z' });

    const pages = client.getQueryData<InfiniteData<{ products: Product[] }>>(key)?.pages;
    expect(pages?.map((p) => p.products.map((x) => x.name))).toEqual([['Kettle', 'Lamp'], []]);
    expect(pages?.[0]?.products[0]).toMatchObject({ isSaved: true, bumpedAt: '2026-11-29T10:00:00.000Z' });
  });

  it('puts a new trip among the open trips, soonest first, and follows its changes and removal', () => {
    const live = createLiveUpdates(client);
    const soon = makeTrip({ from: 'Soon', arriveAt: new Date(Date.now() + 3_600_000).toISOString() });
    const later = makeTrip({ from: 'Later', arriveAt: new Date(Date.now() + 9_000_000).toISOString() });
    client.setQueryData(tripKeys.open(), [later]);
    const froms = () => client.getQueryData<Trip[]>(tripKeys.open())?.map((t) => `${t.from} ${t.attached}`);

    live.tripAvailable(soon);
    expect(froms()).toEqual(['Soon 3', 'Later 3']);

    client.setQueryData(tripKeys.detail(soon.id), soon);
    live.tripUpdated({ ...soon, attached: 4 });
    expect(froms()).toEqual(['Soon 4', 'Later 3']);
    // The page is the viewer's own: fetched again, not replaced by the pushed copy.
    expect(client.getQueryState(tripKeys.detail(soon.id))?.isInvalidated).toBe(true);

    live.tripUpdated({ ...later, status: 'closed' });
    expect(froms()).toEqual(['Soon 4']);

    live.tripRemoved(soon.id);
    expect(froms()).toEqual([]);
  });

  it("refetches a trip's stop list and the hosteller's pending requests shortly after it changes", async () => {
    const live = createLiveUpdates(client);
    const trip = makeTrip();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    live.tripUpdated(trip);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([tripKeys.detail(trip.id)]);
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([tripKeys.stops(trip.id), tripKeys.mine(), tripKeys.pendingRequests()]),
    );
  });

  it("refetches a run's page at once and the runs list shortly after", async () => {
    const live = createLiveUpdates(client);
    const run = makeRun({ can: runCan('join') });
    client.setQueryData(runKeys.list(), [run]);
    client.setQueryData(runKeys.detail(run.id), run);

    live.runChanged(run.id);
    expect(client.getQueryState(runKeys.detail(run.id))?.isInvalidated).toBe(true);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toContainEqual(runKeys.list());
  });

  it("reads a rated member's stars again shortly after, once for a burst, and nobody else's", async () => {
    const live = createLiveUpdates(client);
    client.setQueryData(ratingKeys.user('rated'), { average: 4, count: 1 });
    client.setQueryData(ratingKeys.user('other'), { average: 3, count: 2 });
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    live.ratingChanged('rated');
    live.ratingChanged('rated');
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([ratingKeys.user('rated')]);
    expect(client.getQueryState(ratingKeys.user('rated'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(ratingKeys.user('other'))?.isInvalidated).toBe(false);
  });

  it("puts a pushed settlement into its request's card and every list showing it, then refreshes the totals and lists", async () => {
    const live = createLiveUpdates(client);
    const mine = makeSettlement();
    const other = makeSettlement();
    const list = (...settlements: (typeof mine)[]): InfiniteData<SettlementListResponse> => ({
      pages: [{ settlements, nextCursor: null }],
      pageParams: [undefined],
    });
    client.setQueryData(settlementKeys.lookup('request', mine.thing.id!), mine);
    client.setQueryData(settlementKeys.list('open'), list(other, mine));
    client.setQueryData(settlementKeys.list('settled'), list(other));
    client.setQueryData(settlementKeys.summary(), makeSummary({ youOwe: 120 }));

    const paid = { ...mine, state: 'paid' as const, method: 'upi' as const, can: settlementCan() };
    live.settlementUpdated(paid);

    expect(client.getQueryData(settlementKeys.lookup('request', mine.thing.id!))).toEqual(paid);
    const open = client.getQueryData<InfiniteData<SettlementListResponse>>(settlementKeys.list('open'));
    expect(open?.pages[0].settlements.map((s) => s.state)).toEqual(['open', 'paid']);
    expect(open?.pages[0].settlements[0]).toBe(other);
    expect(client.getQueryState(settlementKeys.summary())?.isInvalidated).toBe(true);
    // Which tab it belongs in now is the server's call: the lists refetch once, shortly after.
    expect(client.getQueryState(settlementKeys.list('settled'))?.isInvalidated).toBe(false);
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_DELAY_MS);
    expect(client.getQueryState(settlementKeys.list('settled'))?.isInvalidated).toBe(true);
  });

  it("refetches a sale's reviews when its settlement changes, so Review shows once the buyer confirmed", () => {
    const live = createLiveUpdates(client);
    const sale = makeSettlement({ kind: 'sale', state: 'proposed' });
    const reviews = productKeys.reviews(sale.thing.id!);
    client.setQueryData(reviews, { buyer: null, reviews: [], canReview: null });
    live.settlementUpdated({ ...sale, state: 'open' });
    expect(client.getQueryState(reviews)?.isInvalidated).toBe(true);
  });

  it('leaves the card of a sale whose product was deleted alone and still updates the lists', () => {
    const live = createLiveUpdates(client);
    const sale = makeSettlement({ kind: 'sale', thing: { id: null, title: 'Desk lamp', number: null } });
    client.setQueryData(settlementKeys.list('open'), {
      pages: [{ settlements: [sale], nextCursor: null }],
      pageParams: [undefined],
    });
    live.settlementUpdated({ ...sale, state: 'settled' });
    const open = client.getQueryData<InfiniteData<SettlementListResponse>>(settlementKeys.list('open'));
    expect(open?.pages[0].settlements[0].state).toBe('settled');
    expect(client.getQueryCache().findAll({ queryKey: settlementKeys.lookups() })).toEqual([]);
  });
});
