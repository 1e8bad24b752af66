import type { ModerationActionEntry } from '@campusrun/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /moderation/actions → { actions }: the log, newest first. */
export const getModerationActions = (signal?: AbortSignal) =>
  api
    .get<{ actions: ModerationActionEntry[] }>('/moderation/actions', { params: { limit: 100 }, signal })
    .then((b) => b.actions);

export const moderationActionsQuery = () =>
  queryOptions({ queryKey: moderationKeys.actions, queryFn: ({ signal }) => getModerationActions(signal) });

export function useModerationActions() {
  return useQuery(moderationActionsQuery());
}
