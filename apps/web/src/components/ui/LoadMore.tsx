import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from './Button';

type NextPageQuery = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'isPlaceholderData' | 'fetchNextPage'
>;

/**
 * "Load more" under a paged list: a spinner while the next page loads; if it fails, the list's
 * `failedMessage` and the same button as Retry. `onLoad` runs first (e.g. to move focus to the new items).
 */
export function LoadMore({
  query,
  failedMessage,
  onLoad,
}: {
  query: NextPageQuery;
  failedMessage: string;
  onLoad?: () => void;
}) {
  return (
    <>
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-4 text-center text-sm text-red-700">
          {failedMessage}
        </p>
      )}
      {query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => {
              onLoad?.();
              void query.fetchNextPage();
            }}
            isLoading={query.isFetchingNextPage}
            disabled={query.isPlaceholderData}
          >
            {query.isFetchNextPageError ? 'Retry' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
