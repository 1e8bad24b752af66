import type { DeliveryListResponse, DeliveryRequest, RequestListResponse } from '@campusrun/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { markFresh } from '@/lib/fresh';
import {
  type LaterRefetches,
  type Pages,
  patchPages,
  refetchLoading,
  removeById,
  replaceById,
} from '@/lib/live-cache';
import { type AvailableFilters, requestKeys } from '@/api/cache';

type RequestPage = RequestListResponse | DeliveryListResponse;

const itemsOf = (page: RequestPage): DeliveryRequest[] =>
  'requests' in page ? page.requests : page.deliveries;
const withItems = (page: RequestPage, items: DeliveryRequest[]): RequestPage =>
  'requests' in page ? { ...page, requests: items } : { ...page, deliveries: items };

const requestPages = (
  data: Pages<RequestPage> | undefined,
  edit: (list: DeliveryRequest[], pageIndex: number) => DeliveryRequest[],
) => patchPages(data, itemsOf, withItems, edit);

const availableKey = [...requestKeys.lists(), 'available'] as const;
const ownListKeys: QueryKey[] = [
  [...requestKeys.lists(), 'mine'],
  [...requestKeys.lists(), 'deliveries'],
];

/** A Browse list narrowed by text, place or fee: whether a request belongs in it is the server's call. */
const isFiltered = (key: QueryKey) => {
  const filters = key[3] as AvailableFilters | undefined;
  return Boolean(
    filters && (filters.search || filters.location || filters.pickupFrom || filters.minFee || filters.maxFee),
  );
};

/**
 * The requests' cache under the socket's request events:
 *
 * - request:updated (the viewer is a party): the request page and every cached list showing it take
 *   the new copy in place; the viewer's own lists refetch once, shortly after, since which of them
 *   hold it (and where) follows the server's filters.
 * - request:available / request:unavailable (day scholars): Browse gains the request at the top,
 *   highlighted, or loses it, by patching the cached pages (no refetch); a Browse list narrowed by
 *   filters only the server can apply refetches once, shortly after.
 */
export function requestsLive(queryClient: QueryClient, later: LaterRefetches) {
  /** Removes a request from every Browse list. */
  function withdraw(id: string) {
    refetchLoading(queryClient, later, availableKey);
    queryClient.setQueriesData<Pages<RequestPage>>({ queryKey: availableKey }, (data) =>
      requestPages(data, (list) => removeById(list, id)),
    );
  }

  return {
    updated(request: DeliveryRequest) {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      queryClient.setQueriesData<Pages<RequestPage>>({ queryKey: requestKeys.lists() }, (data) =>
        requestPages(data, (list) => replaceById(list, request)),
      );
      // Browse shows what the viewer can accept; one they can no longer accept leaves it.
      if (!request.can.accept) withdraw(request.id);
      later.add(...ownListKeys);
    },

    available(request: DeliveryRequest) {
      markFresh(request.id);
      refetchLoading(queryClient, later, availableKey);
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
    },

    unavailable(id: string) {
      withdraw(id);
      // A page showing it (to someone who is not a party) fetches what it is now.
      void queryClient.invalidateQueries({ queryKey: requestKeys.detail(id), exact: true });
    },

    reconnected() {
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  };
}
