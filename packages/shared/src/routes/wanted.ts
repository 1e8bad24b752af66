import { z } from 'zod';
import { WANTED_LIMITS } from '../messages/wanted';
import { messageResponseSchema } from '../schemas/common';
import {
  answerWantedResponseSchema,
  answerWantedSchema,
  createWantedSchema,
  wantedChangeResponseSchema,
  wantedListQuerySchema,
  wantedListResponseSchema,
  wantedResponseSchema,
} from '../schemas/wanted';
import { idParams, route } from './contract';

const tags = ['wanted'] as const;

export const list = route({
  method: 'GET',
  path: '/wanted',
  tags,
  description:
    "Open wanted posts, newest first (not expired, not held, none across a block); `posterId` gives one member's, and the caller's own include the expired.",
  query: wantedListQuerySchema,
  response: { 200: wantedListResponseSchema },
});
export const get = route({
  method: 'GET',
  path: '/wanted/:id',
  tags,
  description: 'One wanted post, as the caller sees it (`can.answer`, `can.manage`).',
  params: idParams,
  response: { 200: wantedResponseSchema },
});
export const create = route({
  method: 'POST',
  path: '/wanted',
  tags,
  description: `Posts what the caller is looking for, open for 14 days. At most 10 open per member.`,
  body: createWantedSchema,
  response: { 201: wantedChangeResponseSchema },
});
export const renew = route({
  method: 'POST',
  path: '/wanted/:id/renew',
  tags,
  description: 'Its poster keeps it open for 14 more days from now (an expired one comes back).',
  params: idParams,
  response: { 200: wantedChangeResponseSchema },
});
export const close = route({
  method: 'POST',
  path: '/wanted/:id/close',
  tags,
  description: 'Its poster closes it (found, or no longer wanted): it leaves every list.',
  params: idParams,
  response: { 200: wantedChangeResponseSchema },
});
export const setPhoto = route({
  method: 'PUT',
  path: '/wanted/:id/photo',
  tags,
  description: `Its poster adds or replaces the post's photo: multipart/form-data with one \`photo\` file under ${WANTED_LIMITS.photoMaxBytes / 1024 / 1024} MB, checked by its content and stored re-encoded as WebP without metadata (with a small copy for lists). Shares the photo upload budget with products and chat.`,
  params: idParams,
  consumes: ['multipart/form-data'],
  // How the form is documented; the route's multipart hooks read and check it.
  body: z.object({ photo: z.file().describe('One PNG, JPG, GIF or WebP image under 5 MB') }).nullish(),
  response: { 200: wantedChangeResponseSchema },
});
export const removePhoto = route({
  method: 'DELETE',
  path: '/wanted/:id/photo',
  tags,
  description: "Its poster removes the post's photo.",
  params: idParams,
  response: { 200: wantedChangeResponseSchema },
});
export const remove = route({
  method: 'DELETE',
  path: '/wanted/:id',
  tags,
  description: 'Its poster deletes it.',
  params: idParams,
  response: { 200: messageResponseSchema },
});
export const answer = route({
  method: 'POST',
  path: '/wanted/:id/answer',
  tags,
  description:
    '"I have one": sends its poster a chat message with the wanted post as a card and, optionally, one of the caller\'s own available listings.',
  params: idParams,
  body: answerWantedSchema,
  response: { 200: answerWantedResponseSchema },
});
