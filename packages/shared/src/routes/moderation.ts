import {
  moderateReportSchema,
  moderationActionsResponseSchema,
  moderationDoneSchema,
  moderationListQuerySchema,
  moderationReportsResponseSchema,
  unsuspendSchema,
} from '../schemas/moderation';
import { idParams, route } from './contract';

const tags = ['moderation'] as const;
const done = { 200: moderationDoneSchema } as const;

// The moderators' API: the report queue, decisions, lifting suspensions and the action log.
export const reports = route({
  method: 'GET',
  path: '/moderation/reports',
  tags,
  query: moderationListQuerySchema,
  response: { 200: moderationReportsResponseSchema },
});
export const decide = route({
  method: 'PUT',
  path: '/moderation/reports/:id',
  tags,
  params: idParams,
  body: moderateReportSchema,
  response: done,
});
export const unsuspend = route({
  method: 'PUT',
  path: '/moderation/users/:id/unsuspend',
  tags,
  params: idParams,
  body: unsuspendSchema,
  response: done,
});
export const actions = route({
  method: 'GET',
  path: '/moderation/actions',
  tags,
  query: moderationListQuerySchema.pick({ cursor: true, limit: true }),
  response: { 200: moderationActionsResponseSchema },
});
