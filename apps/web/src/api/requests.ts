import type {
  CreateRequestBody,
  DeliveryStatusFilter,
  RepostRequestBody,
  RequestStatusFilter,
} from '@campusrun/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { createRating } from './ratings';
import * as endpoints from './endpoints/requests';
import { type AvailableFilters, DASHBOARD_LIST_SIZE, dashboardKeys, requestKeys, ratingKeys } from './cache';

/**
 * After the viewer's own change to a request: its lists refetch (the one on screen now, the others
 * when shown). Other screens follow the socket's entity events (app/live-updates.ts); dashboards
 * refetch whenever they open.
 */
function invalidateAfterRequestChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: requestKeys.lists() });
}

/** Toasts of the request and rating pages close after 3 seconds: short news that should not pile up. */
export const REQUEST_TOAST = { autoClose: 3000 } as const;

export function useCreateRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    onSuccess: (_, body) => {
      // The rated user's average changed. The request's `can` now says no rating is left: the
      // mutation ends once it is fetched, so the Rate button never shows after a rating.
      if (body.userId) void queryClient.invalidateQueries({ queryKey: ratingKeys.user(body.userId) });
      if (body.requestId)
        return queryClient.invalidateQueries({ queryKey: requestKeys.detail(body.requestId) });
    },
  });
}

/** POST /requests → 201 { request } (hostellers). The deadline goes as ISO 8601 with Z. */
const createRequest = (body: CreateRequestBody) =>
  endpoints.create({ body: { ...body, deadline: body.deadline.toISOString() } }).then((res) => res.request);

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      invalidateAfterRequestChange(queryClient);
    },
  });
}

/** GET /dayscholar/requests/available?search&location&pickupFrom&minFee&maxFee&sort&limit&cursor. */
const getAvailableRequests = (query: AvailableParams, signal?: AbortSignal) =>
  endpoints.available({ query }, { signal });

/** The query of GET /dayscholar/requests/available, in its callers' order: boot.js asks for the same addresses early. */
type AvailableParams = Partial<AvailableFilters> & { limit: number; cursor?: string };

const availableRequestsQuery = (filters: AvailableFilters) =>
  infiniteQueryOptions({
    queryKey: requestKeys.available(filters),
    queryFn: ({ pageParam, signal }) =>
      getAvailableRequests({ ...filters, limit: REQUESTS_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * The day scholar dashboard's preview: the newest available requests, fetched again whenever the
 * dashboard opens (as its other numbers are).
 */
export const useAvailablePreview = () =>
  useQuery({
    queryKey: dashboardKeys.availableRequests(),
    queryFn: ({ signal }) =>
      getAvailableRequests({ limit: DASHBOARD_LIST_SIZE, sort: 'newest' }, signal).then((b) => b.requests),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** The previous results stay on screen while a new filter loads. */
export function useAvailableRequests(filters: AvailableFilters) {
  return useInfiniteQuery({ ...availableRequestsQuery(filters), placeholderData: keepPreviousData });
}

/** GET /requests/my-deliveries?status&limit&cursor → { deliveries, nextCursor } (the day scholar's). */
const getMyDeliveries = (status: DeliveryStatusFilter, cursor?: string, signal?: AbortSignal) =>
  endpoints.myDeliveries({ query: { status, limit: REQUESTS_PAGE_SIZE, cursor } }, { signal });

const myDeliveriesQuery = (status: DeliveryStatusFilter) =>
  infiniteQueryOptions({
    queryKey: requestKeys.deliveries(status),
    queryFn: ({ pageParam, signal }) => getMyDeliveries(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMyDeliveries(status: DeliveryStatusFilter) {
  return useInfiniteQuery(myDeliveriesQuery(status));
}

const REQUESTS_PAGE_SIZE = 20;

/** GET /requests/my-requests?status&limit&cursor → { requests, nextCursor } (the hosteller's own). */
export const getMyRequests = (status: RequestStatusFilter, cursor?: string, signal?: AbortSignal) =>
  endpoints.mine({ query: { status, limit: REQUESTS_PAGE_SIZE, cursor } }, { signal });

export const myRequestsQuery = (status: RequestStatusFilter) =>
  infiniteQueryOptions({
    queryKey: requestKeys.mine(status),
    queryFn: ({ pageParam, signal }) => getMyRequests(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMyRequests(status: RequestStatusFilter) {
  return useInfiniteQuery({ ...myRequestsQuery(status), placeholderData: keepPreviousData });
}

/** GET /requests/{id} → { request }; 404 'Request not found'. */
const getRequest = (id: string, signal?: AbortSignal) =>
  endpoints.get({ params: { id } }, { signal }).then((body) => body.request);

const requestQuery = (id: string) =>
  queryOptions({ queryKey: requestKeys.detail(id), queryFn: ({ signal }) => getRequest(id, signal) });

export function useRequest(id: string) {
  return useQuery(requestQuery(id));
}

/** PUT /requests/{id}/repost { deadline } → { request }: an expired request back on the list. */
const repostRequest = ({ id, deadline }: { id: string } & RepostRequestBody) =>
  endpoints.repost({ params: { id }, body: { deadline: deadline.toISOString() } }).then((res) => res.request);

export function useRepostRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repostRequest,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      invalidateAfterRequestChange(queryClient);
    },
  });
}

export type RequestAction =
  'accept' | 'picked-up' | 'deliver' | 'cancel' | 'cancel-delivery' | 'confirm-receipt';

const TRANSITIONS = {
  accept: endpoints.accept,
  cancel: endpoints.cancel,
  'cancel-delivery': endpoints.cancelDelivery,
  'confirm-receipt': endpoints.confirmReceipt,
} satisfies Record<Exclude<RequestAction, 'deliver' | 'picked-up'>, unknown>;

/** Typed rupees as a number; blank is not given (the server refuses anything else with a message). */
const rupeesOf = (text: string | undefined) => {
  const value = text?.trim() ?? '';
  if (value === '') return undefined;
  return Number.isFinite(Number(value)) ? Number(value) : value;
};

/**
 * PUT /requests/{id}/accept | /picked-up { actualItemCost? } | /deliver { deliveryNotes?, handoverCode?, actualItemCost? } |
 * /cancel | /cancel-delivery | /confirm-receipt (once its deliverer picked it up) → { request }.
 * 403/409 carry a clear message.
 */
const updateRequestStatus = ({
  id,
  action,
  deliveryNotes,
  handoverCode,
  actualItemCost,
}: {
  id: string;
  action: RequestAction;
  deliveryNotes?: string;
  handoverCode?: string;
  /** Rupees as typed: the receipt amount of a request with an item cost. */
  actualItemCost?: string;
}) => {
  const params = { id };
  let answer;
  if (action === 'deliver')
    answer = endpoints.deliver({
      params,
      body: {
        deliveryNotes: deliveryNotes?.trim() || undefined,
        handoverCode: handoverCode?.trim() || undefined,
        actualItemCost: rupeesOf(actualItemCost),
      },
    });
  // The receipt amount may come with the pickup already.
  else if (action === 'picked-up')
    answer = endpoints.pickedUp({ params, body: { actualItemCost: rupeesOf(actualItemCost) } });
  else answer = TRANSITIONS[action]({ params });
  return answer.then((res) => res.request);
};

export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequestStatus,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      invalidateAfterRequestChange(queryClient);
    },
  });
}

/**
 * PUT /requests/{id}/on-the-way { minutes } → { request }: its deliverer is on the way, arriving in
 * about `minutes` (again: a new estimate). 400 with the minutes' message, 409 before the pickup.
 */
const sendOnTheWay = ({ id, minutes }: { id: string; minutes: number }) =>
  endpoints.onTheWay({ params: { id }, body: { minutes } }).then((res) => res.request);

export function useOnTheWay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOnTheWay,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      invalidateAfterRequestChange(queryClient);
    },
  });
}
