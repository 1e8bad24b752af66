import type { DeliveryRequest } from '@campusrun/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { ErrorState } from '@/components/ui/ErrorState';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { RequestCard, RequestCardSkeletons } from './RequestCard';

export interface RequestListProps {
  items: DeliveryRequest[] | undefined;
  party: 'deliverer' | 'requester';
  isPending: boolean;
  error: unknown;
  errorTitle: string;
  onRetry: () => void;
  isRefetching?: boolean;
  empty: ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  label: string;
}

/** Skeletons, error + Retry, empty state, or the cards with "Load more" (focus goes to the first new card). */
export function RequestList({
  items,
  party,
  isPending,
  error,
  errorTitle,
  onRetry,
  isRefetching,
  empty,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  label,
}: RequestListProps) {
  const { listRef, markLoadMore } = useLoadMoreFocus(items);
  if (isPending) return <RequestCardSkeletons />;
  if (error && !items) {
    return (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ErrorState title={errorTitle} error={error} onRetry={onRetry} isRetrying={isRefetching} />
      </div>
    );
  }
  if (!items || items.length === 0) {
    return <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">{empty}</div>;
  }
  return (
    <>
      <ul ref={listRef} className="space-y-3" aria-label={label}>
        {items.map((request) => (
          <RequestCard key={request.id} request={request} party={party} />
        ))}
      </ul>
      {hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => {
              markLoadMore();
              onLoadMore();
            }}
            isLoading={isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
