// Generated from packages/shared/src/routes/lostFound.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';
import { uploadForm, type UploadOptions } from '@/lib/upload';

type Routes = typeof routes.lostFound;

/** POST /api/lost-found/:id/claims/:claimId/accept */
export const accept = (input: RouteInput<Routes['accept']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['accept']>>(
    'POST',
    `/lost-found/${encodeURIComponent(input.params.id)}/claims/${encodeURIComponent(input.params.claimId)}/accept`,
    options,
  );

/** POST /api/lost-found/:id/claims */
export const claim = (input: RouteInput<Routes['claim']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['claim']>>('POST', `/lost-found/${encodeURIComponent(input.params.id)}/claims`, {
    body: input.body,
    ...options,
  });

/** GET /api/lost-found/:id/claims */
export const claims = (input: RouteInput<Routes['claims']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['claims']>>(
    'GET',
    `/lost-found/${encodeURIComponent(input.params.id)}/claims`,
    options,
  );

/** POST /api/lost-found */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/lost-found', { body: input.body, ...options });

/** PATCH /api/lost-found/:id */
export const edit = (input: RouteInput<Routes['edit']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['edit']>>('PATCH', `/lost-found/${encodeURIComponent(input.params.id)}`, {
    body: input.body,
    ...options,
  });

/** GET /api/lost-found/:id */
export const get = (input: RouteInput<Routes['get']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['get']>>('GET', `/lost-found/${encodeURIComponent(input.params.id)}`, options);

/** GET /api/lost-found */
export const list = (input: RouteInput<Routes['list']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/lost-found', { query: input.query, ...options });

/** GET /api/lost-found/places */
export const places = (input: RouteInput<Routes['places']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['places']>>('GET', '/lost-found/places', { query: input.query, ...options });

/** DELETE /api/lost-found/:id */
export const remove = (input: RouteInput<Routes['remove']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['remove']>>(
    'DELETE',
    `/lost-found/${encodeURIComponent(input.params.id)}`,
    options,
  );

/** DELETE /api/lost-found/:id/photos */
export const removePhotos = (input: RouteInput<Routes['removePhotos']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['removePhotos']>>(
    'DELETE',
    `/lost-found/${encodeURIComponent(input.params.id)}/photos`,
    options,
  );

/** POST /api/lost-found/:id/renew */
export const renew = (input: RouteInput<Routes['renew']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['renew']>>(
    'POST',
    `/lost-found/${encodeURIComponent(input.params.id)}/renew`,
    options,
  );

/** POST /api/lost-found/:id/resolve */
export const resolve = (input: RouteInput<Routes['resolve']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['resolve']>>(
    'POST',
    `/lost-found/${encodeURIComponent(input.params.id)}/resolve`,
    options,
  );

/** PUT /api/lost-found/:id/photos */
export const setPhotos = (
  input: RouteInput<Routes['setPhotos'], FormData>,
  options?: Omit<UploadOptions, 'method'>,
) =>
  uploadForm<RouteAnswer<Routes['setPhotos']>>(
    `/lost-found/${encodeURIComponent(input.params.id)}/photos`,
    input.body,
    { ...options, method: 'PUT' },
  );

/** POST /api/lost-found/:id/claims/:claimId/withdraw */
export const withdraw = (input: RouteInput<Routes['withdraw']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['withdraw']>>(
    'POST',
    `/lost-found/${encodeURIComponent(input.params.id)}/claims/${encodeURIComponent(input.params.claimId)}/withdraw`,
    options,
  );
