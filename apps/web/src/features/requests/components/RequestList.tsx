import type { DeliveryRequest } from '@campusrun/shared';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/ui/LoadMore';
import { ListCard, ListError } from '@/components/ui/ListState';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { RequestCard, RequestCardSkeletons } from './RequestCard';

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
}

/** Skeletons, error + Retry, empty state, or the cards with "Load more" (focus goes to the first new card). */
export function RequestList({
  query,
  items,
  party,
  errorTitle,
  empty,
  label,
  allPending = false,
}: RequestListProps) {
  const { listRef, markLoadMore } = useLoadMoreFocus(items);
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
        {items.map((request) => (
          <RequestCard key={request.id} request={request} party={party} hidePending={allPending} />
        ))}
      </ul>
      <LoadMore query={query} failedMessage={errorTitle} onLoad={markLoadMore} />
    </>
  );
}
