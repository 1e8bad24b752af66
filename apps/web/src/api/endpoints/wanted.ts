// Generated from packages/shared/src/routes/wanted.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';
import { uploadForm, type UploadOptions } from '@/lib/upload';

type Routes = typeof routes.wanted;

/** POST /api/wanted/:id/answer */
export const answer = (input: RouteInput<Routes['answer']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['answer']>>('POST', `/wanted/${encodeURIComponent(input.params.id)}/answer`, {
    body: input.body,
    ...options,
  });

/** POST /api/wanted/:id/close */
export const close = (input: RouteInput<Routes['close']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['close']>>('POST', `/wanted/${encodeURIComponent(input.params.id)}/close`, options);

/** POST /api/wanted */
export const create = (input: RouteInput<Routes['create']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['create']>>('POST', '/wanted', { body: input.body, ...options });

/** GET /api/wanted/:id */
export const get = (input: RouteInput<Routes['get']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['get']>>('GET', `/wanted/${encodeURIComponent(input.params.id)}`, options);

/** GET /api/wanted */
export const list = (input: RouteInput<Routes['list']> = {}, options?: CallOptions) =>
  call<RouteAnswer<Routes['list']>>('GET', '/wanted', { query: input.query, ...options });

/** DELETE /api/wanted/:id */
export const remove = (input: RouteInput<Routes['remove']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['remove']>>('DELETE', `/wanted/${encodeURIComponent(input.params.id)}`, options);

/** DELETE /api/wanted/:id/photo */
export const removePhoto = (input: RouteInput<Routes['removePhoto']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['removePhoto']>>(
    'DELETE',
    `/wanted/${encodeURIComponent(input.params.id)}/photo`,
    options,
  );

/** POST /api/wanted/:id/renew */
export const renew = (input: RouteInput<Routes['renew']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['renew']>>('POST', `/wanted/${encodeURIComponent(input.params.id)}/renew`, options);

/** PUT /api/wanted/:id/photo */
export const setPhoto = (
  input: RouteInput<Routes['setPhoto'], FormData>,
  options?: Omit<UploadOptions, 'method'>,
) =>
  uploadForm<RouteAnswer<Routes['setPhoto']>>(
    `/wanted/${encodeURIComponent(input.params.id)}/photo`,
    input.body,
    { ...options, method: 'PUT' },
  );
