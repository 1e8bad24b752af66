import type { DisputeStatus, ModerationDispute } from '@campusrun/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './keys';

export const DISPUTES_PAGE_SIZE = 20;

interface DisputesPage {
  disputes: ModerationDispute[];
  nextCursor: string | null;
}

/** GET /moderation/disputes?status&limit&cursor → { disputes, nextCursor }. */
export const getModerationDisputes = (status: DisputeStatus, cursor?: string, signal?: AbortSignal) =>
  api.get<DisputesPage>('/moderation/disputes', {
    signal,
    params: { status, limit: DISPUTES_PAGE_SIZE, cursor },
  });

export const moderationDisputesQuery = (status: DisputeStatus) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.disputeList(status),
    queryFn: ({ pageParam, signal }) => getModerationDisputes(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useModerationDisputes(status: DisputeStatus) {
  return useInfiniteQuery(moderationDisputesQuery(status));
}
