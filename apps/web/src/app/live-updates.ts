import type {
  DeliveryListResponse,
  DeliveryRequest,
  Product,
  ProductListResponse,
  RequestListResponse,
  Settlement,
  Trip,
} from '@campusrun/shared';
import { type InfiniteData, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { DASHBOARD_LIST_SIZE, dashboardKeys } from '@/api/dashboard';
import { type ProductFilters, applyOffer, productKeys } from '@/api/products';
import { type AvailableFilters, requestKeys } from '@/api/requests';
import { runKeys } from '@/api/runs';
import { applySettlement, settlementKeys } from '@/api/settlements';
import { tripKeys } from '@/api/trips';
import { markFresh } from '@/lib/fresh';
import { useOnReconnect, useSocketEvent } from '@/lib/socket';

/**
 * The one place where the socket's entity events (docs/decisions/0006-entity-events.md) become
 * TanStack Query cache updates, so every screen showing a request or a product follows it live:
 *
 * - request:updated (the viewer is a party): the request page and every cached list showing it take
 *   the new copy in place; the viewer's own lists and dashboard refetch once, shortly after, since
 *   which of them hold it (and where) follows the server's filters.
 * - request:available / request:unavailable (day scholars): Browse and the dashboard preview gain the
 *   request at the top, highlighted, or lose it, by patching the cached pages (no refetch); a Browse
 *   list narrowed by filters only the server can apply refetches once, shortly after.
 * - product:available (every member but the seller and those blocked with them): an open marketplace
 *   showing the newest first gains the product at the top, highlighted; a list sorted by price or
 *   narrowed by a search refetches once, shortly after (where it belongs is the server's call).
 * - product:updated / product:removed (product pages open, and the seller): the product page and
 *   cached product lists take the new copy or drop it.
 * - trip:available / trip:updated / trip:removed: the open trips gain a new trip (soonest first), take
 *   the new copy or lose it; the trip's page (what it shows is the viewer's own) refetches; its stop
 *   list, the day scholar's own trips and the hosteller's pending requests refetch shortly after.
 * - run:changed: the run's page refetches at once, the runs list shortly after (what a run shows is
 *   the viewer's own).
 * - settlement:updated (the viewer is payer or payee): the request's or product's settle card and the
 *   Money lists take the new copy in place and the totals refetch; the lists refetch once shortly
 *   after, since a new or changed settlement may belong in another tab. A sale's reviews on its
 *   product page refetch (the buyer's confirmation is what lets the two review each other).
 * Counters (dashboard stats) refetch at most once per burst. After a reconnect, whatever was missed
 * is fetched again.
 */

/** How long to gather events before the few refetches they call for. */
export const LIVE_REFETCH_DELAY_MS = 1000;

type RequestPage = RequestListResponse | DeliveryListResponse;
type Pages<P> = InfiniteData<P, unknown>;

const itemsOf = (page: RequestPage): DeliveryRequest[] =>
  'requests' in page ? page.requests : page.deliveries;
const withItems = (page: RequestPage, items: DeliveryRequest[]): RequestPage =>
  'requests' in page ? { ...page, requests: items } : { ...page, deliveries: items };

/** An infinite list with `edit` applied to each page's items; the same objects where nothing changed. */
function patchPages<P, T>(
  data: Pages<P> | undefined,
  get: (page: P) => T[],
  set: (page: P, items: T[]) => P,
  edit: (items: T[], pageIndex: number) => T[],
): Pages<P> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page, i) => {
    const before = get(page);
    const after = edit(before, i);
    if (after === before) return page;
    changed = true;
    return set(page, after);
  });
  return changed ? { ...data, pages } : data;
}

const replaceById = <T extends { id: string }>(list: T[], next: T): T[] =>
  list.some((item) => item.id === next.id) ? list.map((item) => (item.id === next.id ? next : item)) : list;
const removeById = <T extends { id: string }>(list: T[], id: string): T[] =>
  list.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : list;

const requestPages = (
  data: Pages<RequestPage> | undefined,
  edit: (list: DeliveryRequest[], pageIndex: number) => DeliveryRequest[],
) => patchPages(data, itemsOf, withItems, edit);

const productPages = (
  data: Pages<ProductListResponse> | undefined,
  edit: (list: Product[], pageIndex: number) => Product[],
) =>
  patchPages(
    data,
    (page) => page.products,
    (page, products) => ({ ...page, products }),
    edit,
  );

const availableKey = [...requestKeys.lists(), 'available'] as const;
const ownListKeys: QueryKey[] = [
  [...requestKeys.lists(), 'mine'],
  [...requestKeys.lists(), 'deliveries'],
  dashboardKeys.recentRequests(),
  dashboardKeys.activeDeliveries(),
  dashboardKeys.hostellerStats(),
  dashboardKeys.dayScholarStats(),
];

/** A Browse list narrowed by text, place or fee: whether a request belongs in it is the server's call. */
const isFiltered = (key: QueryKey) => {
  const filters = key[3] as AvailableFilters | undefined;
  return Boolean(
    filters && (filters.search || filters.location || filters.pickupFrom || filters.minFee || filters.maxFee),
  );
};

/**
 * Where a new product goes in a cached marketplace list: at the top of a newest-first list it
 * belongs to, nowhere in a list whose category or condition it does not have, and only the server
 * can say for a search or a price order.
 */
function placeOfNew(key: QueryKey, product: Product): 'top' | 'none' | 'refetch' {
  const filters = key[2] as Partial<ProductFilters> | undefined;
  if (!filters || typeof filters !== 'object') return 'refetch';
  if (filters.category && filters.category !== product.category) return 'none';
  if (filters.condition && filters.condition !== product.condition) return 'none';
  if (filters.search || (filters.sort && filters.sort !== 'recent')) return 'refetch';
  return 'top';
}

/** Refetches of the given keys, gathered for a moment so that a burst of events causes one each. */
function createBatcher(queryClient: QueryClient, delay: number) {
  const due = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...due.values()];
    due.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(...keys: QueryKey[]) {
      for (const key of keys) due.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, delay);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      due.clear();
    },
  };
}

/** The cache updates for each entity event (exported for tests; the hook below wires them up). */
export function createLiveUpdates(queryClient: QueryClient, delay = LIVE_REFETCH_DELAY_MS) {
  const later = createBatcher(queryClient, delay);

  /**
   * A Browse list or preview still loading when a request event arrives may be answered with what
   * the server had before the change: it fetches again shortly after, so the event is not lost.
   */
  function refetchLoading() {
    for (const queryKey of [availableKey, dashboardKeys.availableRequests()])
      for (const query of queryClient.getQueryCache().findAll({ queryKey }))
        if (query.state.fetchStatus === 'fetching') later.add(query.queryKey);
  }

  /** Removes a request from every Browse list and the dashboard preview. */
  function withdraw(id: string) {
    refetchLoading();
    queryClient.setQueriesData<Pages<RequestPage>>({ queryKey: availableKey }, (data) =>
      requestPages(data, (list) => removeById(list, id)),
    );
    queryClient.setQueryData<DeliveryRequest[]>(dashboardKeys.availableRequests(), (list) =>
      list ? removeById(list, id) : list,
    );
  }

  return {
    later,

    requestUpdated(request: DeliveryRequest) {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      queryClient.setQueriesData<Pages<RequestPage>>({ queryKey: requestKeys.lists() }, (data) =>
        requestPages(data, (list) => replaceById(list, request)),
      );
      for (const key of [dashboardKeys.recentRequests(), dashboardKeys.activeDeliveries()])
        queryClient.setQueryData<DeliveryRequest[]>(key, (list) =>
          list ? replaceById(list, request) : list,
        );
      // Browse shows what the viewer can accept; one they can no longer accept leaves it.
      if (!request.can.accept) withdraw(request.id);
      later.add(...ownListKeys);
    },

    requestAvailable(request: DeliveryRequest) {
      markFresh(request.id);
      refetchLoading();
      for (const query of queryClient.getQueryCache().findAll({ queryKey: availableKey })) {
        if (isFiltered(query.queryKey)) {
          later.add(query.queryKey);
          continue;
        }
        queryClient.setQueryData<Pages<RequestPage>>(query.queryKey, (data) =>
          requestPages(data, (list, page) => {
            if (data!.pages.some((p) => itemsOf(p).some((r) => r.id === request.id)))
              return replaceById(list, request);
            return page === 0 ? [request, ...list] : list;
          }),
        );
      }
      queryClient.setQueryData<DeliveryRequest[]>(dashboardKeys.availableRequests(), (list) =>
        list ? [request, ...list.filter((r) => r.id !== request.id)].slice(0, DASHBOARD_LIST_SIZE) : list,
      );
      later.add(dashboardKeys.dayScholarStats());
    },

    requestUnavailable(id: string) {
      withdraw(id);
      // A page showing it (to someone who is not a party) fetches what it is now.
      void queryClient.invalidateQueries({ queryKey: requestKeys.detail(id), exact: true });
      later.add(dashboardKeys.dayScholarStats());
    },

    productAvailable(product: Product) {
      markFresh(product.id);
      for (const query of queryClient.getQueryCache().findAll({ queryKey: productKeys.lists() })) {
        const place = placeOfNew(query.queryKey, product);
        if (place === 'refetch') later.add(query.queryKey);
        if (place !== 'top') continue;
        queryClient.setQueryData<Pages<ProductListResponse>>(query.queryKey, (data) =>
          data?.pages.some((page) => page.products.some((p) => p.id === product.id))
            ? data
            : productPages(data, (list, page) => (page === 0 ? [product, ...list] : list)),
        );
      }
    },

    productUpdated(pushed: Product) {
      // The pushed copy is the same for every watcher: whether this viewer saved it stays as it was,
      // and so does a contact or offer refused to them (they and the seller are blocked).
      const keepSaved = (old: Product | undefined): Product =>
        old
          ? {
              ...pushed,
              isSaved: old.isSaved,
              can: {
                ...pushed.can,
                contact: pushed.can.contact && old.can.contact,
                offer: pushed.can.offer && old.can.offer,
              },
            }
          : pushed;
      const product = pushed;
      queryClient.setQueryData<Product>(productKeys.detail(product.id), (old) => keepSaved(old));
      queryClient.setQueriesData<Pages<ProductListResponse>>({ queryKey: productKeys.lists() }, (data) =>
        productPages(data, (list) => replaceById(list, keepSaved(list.find((p) => p.id === product.id)))),
      );
      if (product.can.edit) later.add(dashboardKeys.recentProducts(), dashboardKeys.hostellerStats());
    },

    productRemoved(id: string) {
      queryClient.setQueriesData<Pages<ProductListResponse>>({ queryKey: productKeys.lists() }, (data) =>
        productPages(data, (list) => removeById(list, id)),
      );
      // Its page drops the copy it shows and learns it is gone (404: "Product not found").
      void queryClient.resetQueries({ queryKey: productKeys.detail(id), exact: true });
      later.add(dashboardKeys.recentProducts(), dashboardKeys.hostellerStats());
    },

    tripAvailable(trip: Trip) {
      markFresh(trip.id);
      queryClient.setQueryData<Trip[]>(tripKeys.open(), (list) =>
        list
          ? [...list.filter((t) => t.id !== trip.id), trip].sort(
              (a, b) => Date.parse(a.arriveAt) - Date.parse(b.arriveAt),
            )
          : list,
      );
      later.add(tripKeys.mine());
    },

    tripUpdated(trip: Trip) {
      // A trip's page shows what only its viewer may see (their requests on it, what they may do),
      // so it is fetched again rather than replaced by a copy pushed to several people.
      void queryClient.invalidateQueries({ queryKey: tripKeys.detail(trip.id), exact: true });
      queryClient.setQueryData<Trip[]>(tripKeys.open(), (list) =>
        list ? (trip.status === 'open' ? replaceById(list, trip) : removeById(list, trip.id)) : list,
      );
      queryClient.setQueryData<Trip[]>(tripKeys.mine(), (list) => (list ? replaceById(list, trip) : list));
      later.add(tripKeys.stops(trip.id), tripKeys.mine(), tripKeys.pendingRequests());
    },

    tripRemoved(id: string) {
      queryClient.setQueryData<Trip[]>(tripKeys.open(), (list) => (list ? removeById(list, id) : list));
      void queryClient.invalidateQueries({ queryKey: tripKeys.detail(id), exact: true });
      later.add(tripKeys.mine(), tripKeys.pendingRequests());
    },

    runChanged(id: string) {
      // What a run shows (shares, requests, whether the viewer may join or accept) is the viewer's
      // own, so nothing presented is pushed: its page fetches it again at once, the list shortly after
      // (a burst of joins refetches it once).
      void queryClient.invalidateQueries({ queryKey: runKeys.detail(id), exact: true });
      later.add(runKeys.list());
    },

    settlementUpdated(settlement: Settlement) {
      applySettlement(queryClient, settlement);
      later.add(settlementKeys.lists());
      // A sale's reviews open when its buyer confirms it (and stay shut once it is void).
      if (settlement.kind === 'sale' && settlement.thing.id)
        void queryClient.invalidateQueries({
          queryKey: productKeys.reviews(settlement.thing.id),
          exact: true,
        });
    },

    /** Back after a drop: events may have been missed, so what is on screen is fetched again. */
    reconnected() {
      later.cancel();
      for (const queryKey of [
        requestKeys.all,
        productKeys.all,
        dashboardKeys.all,
        tripKeys.all,
        runKeys.all,
        settlementKeys.all,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  };
}

/** Mount once, inside the socket provider, for the signed-in app. */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const live = useMemo(() => createLiveUpdates(queryClient), [queryClient]);
  useEffect(() => () => live.later.cancel(), [live]);
  useSocketEvent('request:updated', ({ request }) => live.requestUpdated(request));
  useSocketEvent('request:available', ({ request }) => live.requestAvailable(request));
  useSocketEvent('request:unavailable', ({ id }) => live.requestUnavailable(id));
  useSocketEvent('product:available', ({ product }) => live.productAvailable(product));
  useSocketEvent('product:updated', ({ product }) => live.productUpdated(product));
  useSocketEvent('product:removed', ({ id }) => live.productRemoved(id));
  useSocketEvent('offer:updated', ({ offer }) => applyOffer(queryClient, offer));
  useSocketEvent('trip:available', ({ trip }) => live.tripAvailable(trip));
  useSocketEvent('trip:updated', ({ trip }) => live.tripUpdated(trip));
  useSocketEvent('trip:removed', ({ id }) => live.tripRemoved(id));
  useSocketEvent('run:changed', ({ id }) => live.runChanged(id));
  useSocketEvent('settlement:updated', ({ settlement }) => live.settlementUpdated(settlement));
  useOnReconnect(() => live.reconnected());
}
