import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { LoadMore } from '@/components/ui/LoadMore';
import { paths } from '@/config/paths';
import { useLoadMoreFocus } from '@/lib/load-more-focus';
import { useSavedProducts } from '../api/market';
import { ProductCard, ProductCardSkeleton } from './ProductCard';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4';
const LOAD_SAVED_FAILED = 'Failed to load your saved items';

/** /saved: the products the user saved, newest save first. */
export function SavedPage() {
  const query = useSavedProducts();
  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  const { listRef, markLoadMore } = useLoadMoreFocus(products);

  let content;
  if (query.isPending) {
    content = (
      <ul className={GRID} aria-label="Loading saved items">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError && !query.data) {
    content = (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <ErrorState
          title={LOAD_SAVED_FAILED}
          message="Check your connection and try again."
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isRefetching}
        />
      </div>
    );
  } else if (products.length === 0) {
    content = (
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <EmptyState
          icon={Heart}
          title="No saved items yet"
          description="Tap the heart on a product to keep it here and hear when its price drops."
          action={
            <Link to={paths.hosteller.marketplace} className={buttonClasses({})}>
              Browse the marketplace
            </Link>
          }
        />
      </div>
    );
  } else {
    content = (
      <>
        <ul ref={listRef} className={GRID} aria-label="Saved items">
          {products.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
        <LoadMore query={query} failedMessage={LOAD_SAVED_FAILED} onLoad={markLoadMore} />
      </>
    );
  }

  return (
    <>
      <title>Saved · CampusRun</title>
      <h1 className="text-2xl font-semibold text-slate-900">Saved</h1>
      <p className="mt-1 text-sm text-slate-600">
        Items you are watching. You hear when their price drops or they sell.
      </p>
      <div className="mt-6">{content}</div>
    </>
  );
}
