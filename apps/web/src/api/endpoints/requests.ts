// Generated from packages/shared/src/routes/requests.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';

type Routes = typeof routes.requests;

/** PUT /api/requests/:id/accept */
export const accept = (input: RouteInput<Routes['accept']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['accept']>>(
    'PUT',
    `/requests/${encodeURIComponent(input.params.id)}/accept`,
    options,
  );

/** GET /api/dayscholar/deliveries/active */
export const activeDeliveries = (input: RouteInput<Routes['activeDeliveries']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['activeDeliveries']>>('GET', '/dayscholar/deliveries/active', {
    query: input.query,
    ...options,
  });

/** GET /api/dayscholar/requests/available */
export const available = (input: RouteInput<Routes['available']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['available']>>('GET', '/dayscholar/requests/available', {
    query: input.query,
    ...options,
  });

/** PUT /api/requests/:id/cancel */
export const cancel = (input: RouteInput<Routes['cancel']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['cancel']>>(
    'PUT',
    `/requests/${encodeURIComponent(input.params.id)}/cancel`,
    options,
  );

/** PUT /api/requests/:id/cancel-delivery */
export const cancelDelivery = (input: RouteInput<Routes['cancelDelivery']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['cancelDelivery']>>(
    'PUT',
    `/requests/${encodeURIComponent(input.params.id)}/cancel-delivery`,
    options,
  );

/** PUT /api/requests/:id/confirm-receipt */
export const confirmReceipt = (input: RouteInput<Routes['confirmReceipt']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['confirmReceipt']>>(
    'PUT',
    `/requests/${encodeURIComponent(input.params.id)}/confirm-receipt`,
    options,
  );

/** POST /api/requests */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/requests', { body: input.body, ...options });

/** PUT /api/requests/:id/deliver */
export const deliver = (input: RouteInput<Routes['deliver']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['deliver']>>('PUT', `/requests/${encodeURIComponent(input.params.id)}/deliver`, {
    body: input.body,
    ...options,
  });

/** GET /api/requests/:id */
export const get = (input: RouteInput<Routes['get']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['get']>>('GET', `/requests/${encodeURIComponent(input.params.id)}`, options);

/** GET /api/requests/my-requests */
export const mine = (input: RouteInput<Routes['mine']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['mine']>>('GET', '/requests/my-requests', { query: input.query, ...options });

/** GET /api/requests/my-deliveries */
export const myDeliveries = (input: RouteInput<Routes['myDeliveries']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['myDeliveries']>>('GET', '/requests/my-deliveries', {
    query: input.query,
    ...options,
  });

/** PUT /api/requests/:id/on-the-way */
export const onTheWay = (input: RouteInput<Routes['onTheWay']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['onTheWay']>>(
    'PUT',
    `/requests/${encodeURIComponent(input.params.id)}/on-the-way`,
    { body: input.body, ...options },
  );

/** PUT /api/requests/:id/picked-up */
export const pickedUp = (input: RouteInput<Routes['pickedUp']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['pickedUp']>>('PUT', `/requests/${encodeURIComponent(input.params.id)}/picked-up`, {
    body: input.body,
    ...options,
  });

/** GET /api/hosteller/requests/recent */
export const recent = (input: RouteInput<Routes['recent']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['recent']>>('GET', '/hosteller/requests/recent', {
    query: input.query,
    ...options,
  });

/** PUT /api/requests/:id/repost */
export const repost = (input: RouteInput<Routes['repost']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['repost']>>('PUT', `/requests/${encodeURIComponent(input.params.id)}/repost`, {
    body: input.body,
    ...options,
  });
