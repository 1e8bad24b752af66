// Generated from packages/shared/src/routes/account.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, download, type CallOptions } from '@/lib/api-client';
import { uploadForm, type UploadOptions } from '@/lib/upload';

type Routes = typeof routes.account;

/** PUT /api/users/change-password */
export const changePassword = (input: RouteInput<Routes['changePassword']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['changePassword']>>('PUT', '/users/change-password', {
    body: input.body,
    ...options,
  });

/** PUT /api/users/complete-google-profile */
export const completeGoogleProfile = (
  input: RouteInput<Routes['completeGoogleProfile']>,
  options?: CallOptions,
) =>
  call<RouteAnswer<Routes['completeGoogleProfile']>>('PUT', '/users/complete-google-profile', {
    body: input.body,
    ...options,
  });

/** DELETE /api/users/me · Delete my account */
export const deleteAccount = (input: RouteInput<Routes['deleteAccount']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['deleteAccount']>>('DELETE', '/users/me', { body: input.body, ...options });

/** GET /api/users/me/deletion-blockers · What stands in the way of deleting my account */
export const deletionBlockers = (options?: CallOptions) =>
  call<RouteAnswer<Routes['deletionBlockers']>>('GET', '/users/me/deletion-blockers', options);

/** GET /api/users/me/export · Download my data */
export const exportData = (options?: CallOptions) => download('/users/me/export', options);

/** DELETE /api/users/avatar */
export const removeAvatar = (options?: CallOptions) =>
  call<RouteAnswer<Routes['removeAvatar']>>('DELETE', '/users/avatar', options);

/** PUT /api/users/avatar */
export const setAvatar = (
  input: RouteInput<Routes['setAvatar'], FormData>,
  options?: Omit<UploadOptions, 'method'>,
) => uploadForm<RouteAnswer<Routes['setAvatar']>>('/users/avatar', input.body, { ...options, method: 'PUT' });

/** PUT /api/users/profile */
export const updateProfile = (input: RouteInput<Routes['updateProfile']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['updateProfile']>>('PUT', '/users/profile', { body: input.body, ...options });
