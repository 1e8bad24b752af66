import { messageResponseSchema } from '../schemas/common';
import {
  createSavedSearchSchema,
  savedSearchListResponseSchema,
  savedSearchResponseSchema,
  updateSavedSearchSchema,
} from '../schemas/searches';
import { idParams, route } from './contract';

const tags = ['saved-searches'] as const;

export const list = route({
  method: 'GET',
  path: '/saved-searches',
  tags,
  description:
    "The caller's saved searches, newest first, each with how many posts matched since it was last opened.",
  response: { 200: savedSearchListResponseSchema },
});
export const create = route({
  method: 'POST',
  path: '/saved-searches',
  tags,
  description:
    'Saves a marketplace search (any member) or a search of requests to deliver (day scholars): the caller is told when a new post matches. At most 20.',
  body: createSavedSearchSchema,
  response: { 201: savedSearchResponseSchema },
});
export const update = route({
  method: 'PATCH',
  path: '/saved-searches/:id',
  tags,
  description: "Renames a saved search, or pauses or resumes its alerts (the caller's own).",
  params: idParams,
  body: updateSavedSearchSchema,
  response: { 200: savedSearchResponseSchema },
});
export const open = route({
  method: 'POST',
  path: '/saved-searches/:id/open',
  tags,
  description: 'The caller opened the search: its count of new matches starts again from zero.',
  params: idParams,
  response: { 200: savedSearchResponseSchema },
});
export const remove = route({
  method: 'DELETE',
  path: '/saved-searches/:id',
  tags,
  description: "Deletes a saved search (the caller's own).",
  params: idParams,
  response: { 200: messageResponseSchema },
});
