import type { DeliveryRequest, Product, Settlement } from '@campusrun/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { dashboardLive } from '@/features/dashboard/live';
import { productsLive } from '@/features/products/live';
import { requestsLive } from '@/features/requests/live';
import { runsLive } from '@/features/runs/live';
import { settlementsLive } from '@/features/settlements/live';
import { tripsLive } from '@/features/trips/live';
import { createBatcher } from '@/lib/live-cache';
import { useOnReconnect, useSocketEvent } from '@/lib/socket';
import { ratingKeys } from '@/api/cache';

/**
 * Where the socket's entity events (docs/decisions/0006-entity-events.md) become TanStack Query cache
 * updates, so every screen showing a request, a product, a trip, a run or a settlement follows it
 * live. Each feature's `live.ts` says what an event does to its own cache; this file says which
 * features hear which event, since one event may concern several (a request the dashboard lists, a
 * sale whose reviews open). The refetches they ask for are gathered for a moment, so a burst of
 * events causes one each; after a reconnect, whatever was missed is fetched again.
 */

/** How long to gather events before the few refetches they call for. */
export const LIVE_REFETCH_DELAY_MS = 1000;

/** The cache updates for each entity event (exported for tests; the hook below wires them up). */
export function createLiveUpdates(queryClient: QueryClient, delay = LIVE_REFETCH_DELAY_MS) {
  const later = createBatcher(queryClient, delay);
  const requests = requestsLive(queryClient, later);
  const products = productsLive(queryClient, later);
  const dashboard = dashboardLive(queryClient, later);
  const trips = tripsLive(queryClient, later);
  const runs = runsLive(queryClient, later);
  const settlements = settlementsLive(queryClient, later);

  return {
    later,
    requestUpdated(request: DeliveryRequest) {
      requests.updated(request);
      dashboard.requestUpdated(request);
    },
    requestAvailable(request: DeliveryRequest) {
      requests.available(request);
      dashboard.requestAvailable(request);
    },
    requestUnavailable(id: string) {
      requests.unavailable(id);
      dashboard.requestUnavailable(id);
    },
    productAvailable: products.available,
    productUpdated(product: Product) {
      products.updated(product);
      dashboard.productUpdated(product);
    },
    productRemoved(id: string) {
      products.removed(id);
      dashboard.productRemoved();
    },
    offerUpdated: products.offerUpdated,
    tripAvailable: trips.available,
    tripUpdated: trips.updated,
    tripRemoved: trips.removed,
    runChanged: runs.changed,
    /** A member was rated: every star rating of theirs on screen reads again (a burst, once). */
    ratingChanged(userId: string) {
      later.add(ratingKeys.user(userId));
    },
    settlementUpdated(settlement: Settlement) {
      settlements.updated(settlement);
      products.settlementUpdated(settlement);
    },
    /** Back after a drop: events may have been missed, so what is on screen is fetched again. */
    reconnected() {
      later.cancel();
      for (const feature of [requests, products, dashboard, trips, runs, settlements]) feature.reconnected();
      void queryClient.invalidateQueries({ queryKey: ratingKeys.all });
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
  useSocketEvent('offer:updated', ({ offer }) => live.offerUpdated(offer));
  useSocketEvent('trip:available', ({ trip }) => live.tripAvailable(trip));
  useSocketEvent('trip:updated', ({ trip }) => live.tripUpdated(trip));
  useSocketEvent('trip:removed', ({ id }) => live.tripRemoved(id));
  useSocketEvent('run:changed', ({ id }) => live.runChanged(id));
  useSocketEvent('rating:changed', ({ userId }) => live.ratingChanged(userId));
  useSocketEvent('settlement:updated', ({ settlement }) => live.settlementUpdated(settlement));
  useOnReconnect(() => live.reconnected());
}
