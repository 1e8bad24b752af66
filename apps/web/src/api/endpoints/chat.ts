// Generated from packages/shared/src/routes/chat.ts by `npm run endpoints -w @campusrun/web`: do not edit.
import type { RouteAnswer, RouteInput, routes } from '@campusrun/shared';
import { call, type CallOptions } from '@/lib/api-client';
import { uploadForm, type UploadOptions } from '@/lib/upload';

type Routes = typeof routes.chat;

/** GET /api/chat/conversation/:userId */
export const conversation = (input: RouteInput<Routes['conversation']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['conversation']>>(
    'GET',
    `/chat/conversation/${encodeURIComponent(input.params.userId)}`,
    { query: input.query, ...options },
  );

/** GET /api/chat/conversations */
export const conversations = (options?: CallOptions) =>
  call<RouteAnswer<Routes['conversations']>>('GET', '/chat/conversations', options);

/** POST /api/chat */
export const send = (input: RouteInput<Routes['send']>, options?: CallOptions) =>
  call<RouteAnswer<Routes['send']>>('POST', '/chat', { body: input.body, ...options });

/** POST /api/chat/photo */
export const sendPhoto = (
  input: RouteInput<Routes['sendPhoto'], FormData>,
  options?: Omit<UploadOptions, 'method'>,
) => uploadForm<RouteAnswer<Routes['sendPhoto']>>('/chat/photo', input.body, { ...options, method: 'POST' });
