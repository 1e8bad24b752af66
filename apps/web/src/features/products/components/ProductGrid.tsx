import type { Product, ProductListResponse } from '@campusrun/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/ErrorState';
import { LoadMore } from '@/components/ui/LoadMore';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { ProductCard, ProductCardSkeleton } from './ProductCard';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4';
const PANEL = 'rounded-xl bg-white shadow-sm ring-1 ring-slate-200';

/**
 * Pages of product cards with their states: skeleton cards while the first page loads, the error
 * with Retry, `empty` when there is nothing, else the cards and "Load more" (focus moves to the
 * first new card).
 */
export function ProductGrid({
  query,
  label,
  failedMessage,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ProductListResponse>>;
  /** The list's accessible name ("Products", "Saved items"). */
  label: string;
  failedMessage: string;
  empty: ReactNode;
}) {
  const products: Product[] = query.data?.pages.flatMap((page) => page.products) ?? [];
  const { listRef, markLoadMore } = useLoadMoreFocus(products);

  if (query.isPending)
    return (
      <ul className={GRID} aria-label={`Loading ${label.toLowerCase()}`}>
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  if (query.isError && !query.data)
    return (
      <div className={PANEL}>
        <ErrorState
          title={failedMessage}
          message="Check your connection and try again."
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isRefetching}
        />
      </div>
    );
  if (products.length === 0) return <div className={PANEL}>{empty}</div>;
  return (
    <>
      <ul
        ref={listRef}
        className={`${GRID} transition-opacity duration-150 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-label={label}
        aria-busy={query.isPlaceholderData || undefined}
      >
        {products.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} failedMessage={failedMessage} onLoad={markLoadMore} />
    </>
  );
}
