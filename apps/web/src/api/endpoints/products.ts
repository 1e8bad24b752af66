// Generated from packages/shared/src/routes/products.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';
import { uploadForm, type UploadOptions } from '@/lib/upload';

type Routes = typeof routes.products;

/** POST /api/products/:id/bump */
export const bump = (input: RouteInput<Routes['bump']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['bump']>>('POST', `/products/${encodeURIComponent(input.params.id)}/bump`, options);

/** GET /api/products/:id/buyers */
export const buyers = (input: RouteInput<Routes['buyers']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['buyers']>>(
    'GET',
    `/products/${encodeURIComponent(input.params.id)}/buyers`,
    options,
  );

/** POST /api/products */
export const create = (
  input: RouteInput<Routes['create'], FormData>,
  options?: Omit<UploadOptions, 'method'>,
) => uploadForm<RouteAnswer<Routes['create']>>('/products', input.body, { ...options, method: 'POST' });

/** GET /api/products/:id */
export const get = (input: RouteInput<Routes['get']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['get']>>('GET', `/products/${encodeURIComponent(input.params.id)}`, options);

/** GET /api/products */
export const list = (input: RouteInput<Routes['list']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/products', { query: input.query, ...options });

/** PUT /api/products/:id/sold */
export const markSold = (input: RouteInput<Routes['markSold']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['markSold']>>('PUT', `/products/${encodeURIComponent(input.params.id)}/sold`, {
    body: input.body,
    ...options,
  });

/** GET /api/products/price-guide */
export const priceGuide = (input: RouteInput<Routes['priceGuide']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['priceGuide']>>('GET', '/products/price-guide', { query: input.query, ...options });

/** DELETE /api/products/:id */
export const remove = (input: RouteInput<Routes['remove']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['remove']>>('DELETE', `/products/${encodeURIComponent(input.params.id)}`, options);

/** POST /api/products/:id/renew */
export const renew = (input: RouteInput<Routes['renew']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['renew']>>(
    'POST',
    `/products/${encodeURIComponent(input.params.id)}/renew`,
    options,
  );

/** PUT /api/products/:id/save */
export const save = (input: RouteInput<Routes['save']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['save']>>('PUT', `/products/${encodeURIComponent(input.params.id)}/save`, options);

/** GET /api/products/saved */
export const saved = (input: RouteInput<Routes['saved']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['saved']>>('GET', '/products/saved', { query: input.query, ...options });

/** PATCH /api/products/:id/status */
export const setStatus = (input: RouteInput<Routes['setStatus']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['setStatus']>>('PATCH', `/products/${encodeURIComponent(input.params.id)}/status`, {
    body: input.body,
    ...options,
  });

/** DELETE /api/products/:id/save */
export const unsave = (input: RouteInput<Routes['unsave']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['unsave']>>(
    'DELETE',
    `/products/${encodeURIComponent(input.params.id)}/save`,
    options,
  );

/** PUT /api/products/:id */
export const update = (
  input: RouteInput<Routes['update'], FormData>,
  options?: Omit<UploadOptions, 'method'>,
) =>
  uploadForm<RouteAnswer<Routes['update']>>(`/products/${encodeURIComponent(input.params.id)}`, input.body, {
    ...options,
    method: 'PUT',
  });
