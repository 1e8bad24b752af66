import type { DisputeState, ModerateReportBody, ReportStatus, ResolveDisputeBody } from '@campusrun/shared';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as endpoints from './endpoints/moderation';
import * as settlementsApi from './endpoints/settlements';

const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus) => ['moderation', 'reports', status] as const,
  actions: ['moderation', 'actions'] as const,
  disputes: ['moderation', 'disputes'] as const,
  disputeList: (status: DisputeState) => ['moderation', 'disputes', status] as const,
};

/** A new report or dispute reached this moderator: the queues are read again when shown. */
export const refreshModerationQueues = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: moderationKeys.all });

/** GET /moderation/actions → { actions }: the log, newest first. */
const getModerationActions = (signal?: AbortSignal) =>
  endpoints.actions({ query: { limit: 100 } }, { signal }).then((b) => b.actions);

const moderationActionsQuery = () =>
  queryOptions({ queryKey: moderationKeys.actions, queryFn: ({ signal }) => getModerationActions(signal) });

export function useModerationActions() {
  return useQuery(moderationActionsQuery());
}

const DISPUTES_PAGE_SIZE = 20;

/** GET /moderation/disputes?status&limit&cursor → { disputes, nextCursor }. */
const getModerationDisputes = (status: DisputeState, cursor?: string, signal?: AbortSignal) =>
  settlementsApi.disputes({ query: { status, limit: DISPUTES_PAGE_SIZE, cursor } }, { signal });

const moderationDisputesQuery = (status: DisputeState) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.disputeList(status),
    queryFn: ({ pageParam, signal }) => getModerationDisputes(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useModerationDisputes(status: DisputeState) {
  return useInfiniteQuery(moderationDisputesQuery(status));
}

/** GET /moderation/reports?status= → { reports } (the first 100: a campus queue is short). */
const getModerationReports = (status: ReportStatus, signal?: AbortSignal) =>
  endpoints.reports({ query: { status, limit: 100 } }, { signal }).then((b) => b.reports);

const moderationReportsQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: moderationKeys.reports(status),
    queryFn: ({ signal }) => getModerationReports(status, signal),
  });

export function useModerationReports(status: ReportStatus) {
  return useQuery(moderationReportsQuery(status));
}

/** PUT /moderation/reports/{id} → { message }: closes every open report on its target. */
const moderateReport = ({ reportId, body }: { reportId: string; body: ModerateReportBody }) =>
  endpoints.decide({ params: { id: reportId }, body });

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** PUT /moderation/disputes/{id} {outcome, note} → { dispute }: both parties are told. */
const resolveDispute = ({ disputeId, body }: { disputeId: string; body: ResolveDisputeBody }) =>
  settlementsApi.resolveDispute({ params: { id: disputeId }, body });

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    // The decision also leaves a row in the action log.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
