// Generated from packages/shared/src/routes/settlements.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';
import { uploadForm, type UploadOptions } from '@/lib/upload';

type Routes = typeof routes.settlements;

/** PUT /api/settlements/:id/accept-cost */
export const acceptCost = (input: RouteInput<Routes['acceptCost']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['acceptCost']>>(
    'PUT',
    `/settlements/${encodeURIComponent(input.params.id)}/accept-cost`,
    options,
  );

/** PUT /api/settlements/:id/confirm */
export const confirmSale = (input: RouteInput<Routes['confirmSale']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['confirmSale']>>(
    'PUT',
    `/settlements/${encodeURIComponent(input.params.id)}/confirm`,
    options,
  );

/** PUT /api/settlements/:id/decline */
export const declineSale = (input: RouteInput<Routes['declineSale']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['declineSale']>>(
    'PUT',
    `/settlements/${encodeURIComponent(input.params.id)}/decline`,
    options,
  );

/** POST /api/settlements/:id/dispute */
export const dispute = (input: RouteInput<Routes['dispute']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['dispute']>>(
    'POST',
    `/settlements/${encodeURIComponent(input.params.id)}/dispute`,
    { body: input.body, ...options },
  );

/** GET /api/moderation/disputes */
export const disputes = (input: RouteInput<Routes['disputes']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['disputes']>>('GET', '/moderation/disputes', { query: input.query, ...options });

/** GET /api/settlements/earnings */
export const earnings = (options?: CallOptions) =>
  call<RouteAnswer<Routes['earnings']>>('GET', '/settlements/earnings', options);

/** GET /api/settlements */
export const list = (input: RouteInput<Routes['list']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/settlements', { query: input.query, ...options });

/** GET /api/settlements/for */
export const lookup = (input: RouteInput<Routes['lookup']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['lookup']>>('GET', '/settlements/for', { query: input.query, ...options });

/** PUT /api/settlements/:id/not-received */
export const markNotReceived = (input: RouteInput<Routes['markNotReceived']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['markNotReceived']>>(
    'PUT',
    `/settlements/${encodeURIComponent(input.params.id)}/not-received`,
    { body: input.body, ...options },
  );

/** PUT /api/settlements/:id/paid */
export const markPaid = (input: RouteInput<Routes['markPaid']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['markPaid']>>('PUT', `/settlements/${encodeURIComponent(input.params.id)}/paid`, {
    body: input.body,
    ...options,
  });

/** PUT /api/settlements/:id/received */
export const markReceived = (input: RouteInput<Routes['markReceived']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['markReceived']>>(
    'PUT',
    `/settlements/${encodeURIComponent(input.params.id)}/received`,
    options,
  );

/** POST /api/disputes */
export const openDispute = (input: RouteInput<Routes['openDispute']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['openDispute']>>('POST', '/disputes', { body: input.body, ...options });

/** PUT /api/settlements/:id/remind */
export const remind = (input: RouteInput<Routes['remind']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['remind']>>(
    'PUT',
    `/settlements/${encodeURIComponent(input.params.id)}/remind`,
    options,
  );

/** PUT /api/moderation/disputes/:id */
export const resolveDispute = (input: RouteInput<Routes['resolveDispute']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['resolveDispute']>>(
    'PUT',
    `/moderation/disputes/${encodeURIComponent(input.params.id)}`,
    { body: input.body, ...options },
  );

/** PUT /api/settlements/:id/tip */
export const setTip = (input: RouteInput<Routes['setTip']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['setTip']>>('PUT', `/settlements/${encodeURIComponent(input.params.id)}/tip`, {
    body: input.body,
    ...options,
  });

/** GET /api/settlements/summary */
export const summary = (options?: CallOptions) =>
  call<RouteAnswer<Routes['summary']>>('GET', '/settlements/summary', options);

/** PUT /api/disputes/:id/withdraw */
export const withdrawDispute = (input: RouteInput<Routes['withdrawDispute']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['withdrawDispute']>>(
    'PUT',
    `/disputes/${encodeURIComponent(input.params.id)}/withdraw`,
    options,
  );

/** PUT /api/disputes/:id/statement */
export const writeStatement = (
  input: RouteInput<Routes['writeStatement'], FormData>,
  options?: Omit<UploadOptions, 'method'>,
) =>
  uploadForm<RouteAnswer<Routes['writeStatement']>>(
    `/disputes/${encodeURIComponent(input.params.id)}/statement`,
    input.body,
    { ...options, method: 'PUT' },
  );
