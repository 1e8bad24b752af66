import type { DeliveryRequest } from '@campusrun/shared';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '@/components/ui/LoadMore';
import { ListCard, ListError } from '@/components/ui/ListState';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { paths } from '@/config/paths';
import { RequestCard, RequestCardSkeletons } from './RequestCard';
import { groupByRun, runHeading, ungrouped } from './run-groups';

/** The parts of an infinite query (useInfiniteQuery) that the list shows. */
type ListQuery = Pick<
  UseInfiniteQueryResult,
  | 'isPending'
  | 'fetchStatus'
  | 'error'
  | 'refetch'
  | 'isRefetching'
  | 'hasNextPage'
  | 'isFetchingNextPage'
  | 'isFetchNextPageError'
  | 'isPlaceholderData'
  | 'fetchNextPage'
>;

export interface RequestListProps {
  query: ListQuery;
  items: DeliveryRequest[] | undefined;
  party: 'deliverer' | 'requester';
  errorTitle: string;
  empty: ReactNode;
  label: string;
  /** Every request listed is pending (Browse): the cards leave out the Pending badge. */
  allPending?: boolean;
  /** The requests of one shared run are listed together under the run's heading (a deliverer's runs). */
  groupRuns?: boolean;
}

/**
 * Skeletons, error + Retry, empty state, or the cards with "Load more" (focus goes to the first new
 * row).
 */
export function RequestList({
  query,
  items,
  party,
  errorTitle,
  empty,
  label,
  allPending = false,
  groupRuns = false,
}: RequestListProps) {
  const entries = useMemo(
    () => (items ? (groupRuns ? groupByRun(items) : ungrouped(items)) : undefined),
    [items, groupRuns],
  );
  const { listRef, markLoadMore } = useLoadMoreFocus(entries);
  if (waitsForNetwork(query))
    return (
      <ListCard>
        <NotKeptOffline what="This list" />
      </ListCard>
    );
  if (query.isPending) return <RequestCardSkeletons />;
  if (query.error && !items) return <ListError title={errorTitle} query={query} />;
  if (!items || items.length === 0) return <ListCard>{empty}</ListCard>;
  return (
    <>
      <ul ref={listRef} className="space-y-3" aria-label={label}>
        {entries?.map((entry) =>
          entry.kind === 'run' ? (
            <RunGroup key={entry.id} runId={entry.runId} requests={entry.requests} party={party} />
          ) : (
            <RequestCard key={entry.id} request={entry.request} party={party} hidePending={allPending} />
          ),
        )}
      </ul>
      <LoadMore query={query} failedMessage={errorTitle} onLoad={markLoadMore} />
    </>
  );
}

/** The requests of one shared run under one heading ("Shared run · Katpadi market · 3 drops"), with a link to the run. */
function RunGroup({
  runId,
  requests,
  party,
}: {
  runId: string;
  requests: DeliveryRequest[];
  party: RequestListProps['party'];
}) {
  const headingId = useId();
  return (
    <li>
      <section aria-labelledby={headingId} className="rounded-xl bg-violet-50 p-3 ring-1 ring-violet-600/20">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-1">
          <h2 id={headingId} className="min-w-0 text-sm font-semibold wrap-anywhere text-violet-700">
            {runHeading(requests)}
          </h2>
          <Link
            to={paths.run(runId)}
            className="inline-flex items-center text-sm font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 max-sm:min-h-11"
          >
            Open the run
          </Link>
        </div>
        <ul className="mt-2 space-y-2" aria-labelledby={headingId}>
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} party={party} inRun />
          ))}
        </ul>
      </section>
    </li>
  );
}
